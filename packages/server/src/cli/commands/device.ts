import { Command, InvalidArgumentError, Option } from 'commander';
import {
  DeviceClient,
  exportDeviceKeys,
  generateDeviceKeys,
  licenseHash,
  readEnrollmentLink,
  type AssuranceLevel,
} from '@svc/sdk';
import {
  checkOwner,
  customerOfToken,
  readDeviceFile,
  writeDeviceFile,
} from '../device/keys-file.js';
import { readLicenseFile } from '../device/license-file.js';
import { describeFailure } from '../device/refusal.js';
import {
  clientFor,
  openSession,
  settle,
  withDeviceOptions,
  type DeviceFlags,
} from '../device/session.js';
import { print, svcficationLine } from '../device/show.js';

function parseWait(value: string): number {
  const wait = Number(value);
  if (!/^\d+$/.test(value) || wait > 30)
    throw new InvalidArgumentError('must be a whole number of seconds 0–30');
  return wait;
}

function parseLevel(value: string): AssuranceLevel {
  if (value !== '1' && value !== '2' && value !== '3')
    throw new InvalidArgumentError('must be 1, 2 or 3');
  return Number(value) as AssuranceLevel;
}

/** Runs one call to svc; a refusal or an unreachable server becomes one line naming `what`. */
async function call<T>(what: string, url: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw describeFailure(err, what, url);
  }
}

async function register(flags: DeviceFlags & { platform: 'ios' | 'android' }, command: Command) {
  const stored = await readDeviceFile(flags.keys);
  const settings = settle(command, flags, stored?.file);
  const customerId = customerOfToken(settings.credentials.token);
  if (stored) checkOwner(flags.keys, stored.file, stored.file.url, customerId);
  const keys = stored?.keys ?? (await generateDeviceKeys({ extractable: true }));
  const device = clientFor(settings, keys);
  const registered = await call('register', settings.url, () => device.register(flags.platform));
  await writeDeviceFile(flags.keys, {
    ...stored?.file,
    url: settings.url,
    customer_id: customerId,
    sdk_credentials: settings.credentials,
    identifier: registered.identifier,
    svc_id: registered.svc_id,
    keys: await exportDeviceKeys(keys),
  });
  const { jwt: _jwt, ...shown } = registered;
  print(flags.json, { ...shown, keys_file: flags.keys }, registered.identifier);
  if (!flags.json)
    process.stderr.write(
      `${registered.status === 201 ? 'registered a new device' : 'these keys were registered already'}` +
        ` (keys in ${flags.keys}); the relying party binds and activates it before it gets svcfications\n`,
    );
}

async function enroll(
  link: string,
  flags: Pick<DeviceFlags, 'keys' | 'json'> & { platform: 'ios' | 'android' },
) {
  const { baseUrl } = readEnrollmentLink(link);
  if (!baseUrl) throw new Error('enroll: give the whole link ({svc URL}/enroll#{code})');
  const stored = await readDeviceFile(flags.keys);
  if (stored) checkOwner(flags.keys, stored.file, baseUrl);
  const keys = stored?.keys ?? (await generateDeviceKeys({ extractable: true }));
  const { enrolled } = await call('enroll', baseUrl, () =>
    DeviceClient.enroll(link, { keys, platform: flags.platform }),
  );
  const { device_credentials: credentials, jwt: _jwt, ...shown } = enrolled;
  await writeDeviceFile(flags.keys, {
    url: baseUrl,
    customer_id: customerOfToken(credentials.token),
    device_credentials: credentials,
    identifier: enrolled.identifier,
    svc_id: enrolled.svc_id,
    keys: await exportDeviceKeys(keys),
  });
  print(flags.json, { ...shown, keys_file: flags.keys }, enrolled.identifier);
  if (!flags.json)
    process.stderr.write(
      `enrolled for ${enrolled.user_identifier}, active (keys and device credentials in ${flags.keys})\n`,
    );
}

async function next(flags: DeviceFlags & { wait?: number }, command: Command) {
  const { device, file } = await openSession(command, flags);
  const found = await call('next', file.url, () =>
    device.next(flags.wait === undefined ? {} : { wait: flags.wait }),
  );
  print(flags.json, found, found ? svcficationLine(found) : 'no open svcfication');
}

function parseNumber(value: string): number {
  if (!/^\d{2}$/.test(value)) throw new InvalidArgumentError('must be a two-digit number');
  return Number(value);
}

async function accept(
  id: string,
  flags: DeviceFlags & { level?: AssuranceLevel; number?: number },
  command: Command,
) {
  const { device, file } = await openSession(command, flags);
  if (flags.level === 3 && !device.documentHash)
    throw new Error(
      `accept ${id}: level 3 needs a registered identity document: run \`svc device scan-license FILE\` first`,
    );
  const after = await call(`accept ${id}`, file.url, async () => {
    await device.accept(id, {
      ...(flags.level === undefined ? {} : { level: flags.level }),
      ...(flags.number === undefined ? {} : { matchNumber: flags.number }),
    });
    return device.get(id);
  });
  print(flags.json, after, svcficationLine(after));
}

async function reject(
  id: string,
  flags: DeviceFlags & { reason?: 'declined' | 'fraud' },
  command: Command,
) {
  const { device, file } = await openSession(command, flags);
  const after = await call(`reject ${id}`, file.url, async () => {
    await device.reject(id, flags.reason);
    return device.get(id);
  });
  print(flags.json, after, svcficationLine(after));
}

async function pair(payload: string, flags: DeviceFlags, command: Command) {
  const { device, file } = await openSession(command, flags);
  await call('pair', file.url, () => device.pair(payload));
  print(flags.json, { paired: true, identifier: device.identifier }, `paired ${device.identifier}`);
}

async function scanLicense(
  path: string,
  flags: DeviceFlags & { hashOnly?: boolean },
  command: Command,
) {
  const { device, file } = await openSession(command, flags);
  const license = await readLicenseFile(path);
  const hash = await licenseHash(license);
  const sent = flags.hashOnly ? { hash } : { ...license, hash, type: 'AAMVA_DRIVERS_LICENSE' };
  const document = await call('scan-license', file.url, () => device.registerDocument(sent));
  await writeDeviceFile(flags.keys, { ...file, document_hash: document.hash });
  print(flags.json, document, `${document.id}  ${document.verification_status}  hash ${hash}`);
}

export function deviceCommand(): Command {
  const device = new Command('device').description(
    'the phone, on the command line: registers keys, fetches and answers svcfications (Area B)',
  );
  withDeviceOptions(device.command('register'))
    .description('generate (or reuse) device and auth keys, register them and print the identifier')
    .addOption(
      new Option('--platform <platform>', 'device_platform')
        .choices(['ios', 'android'])
        .default('ios'),
    )
    .action(register);
  device
    .command('enroll')
    .description('enroll with a link from the relying party: registered, bound and active at once')
    .argument('<link>', 'the enrollment link ({svc URL}/enroll#{code})')
    .addOption(
      new Option('--keys <file>', 'the device keys file')
        .env('SVC_DEVICE_KEYS')
        .default('./svc-device.json'),
    )
    .addOption(
      new Option('--platform <platform>', 'device_platform')
        .choices(['ios', 'android'])
        .default('ios'),
    )
    .option('--json', 'print one JSON value')
    .action(enroll);
  withDeviceOptions(device.command('next'))
    .description('the oldest open svcfication for this device (none: "no open svcfication", null)')
    .option('--wait <seconds>', 'wait up to N seconds (0–30) for one to arrive', parseWait)
    .action(next);
  withDeviceOptions(device.command('accept'))
    .description('accept a svcfication, proving level 1, 2 or 3 (default: its desired level)')
    .argument('<id>', 'svcfication id')
    .option(
      '--level <level>',
      '1 (device), 2 (+ user presence), 3 (+ identity document)',
      parseLevel,
    )
    .option('--number <NN>', 'number matching: the number the user picked', parseNumber)
    .action(accept);
  withDeviceOptions(device.command('reject'))
    .description('reject a svcfication')
    .argument('<id>', 'svcfication id')
    .addOption(
      new Option('--reason <reason>', 'fraud: the user did not start it').choices([
        'declined',
        'fraud',
      ]),
    )
    .action(reject);
  withDeviceOptions(device.command('pair'))
    .description('pair this device with a scanned svccode payload (the text of the QR code)')
    .argument('<payload>', 'svccode payload')
    .action(pair);
  withDeviceOptions(device.command('scan-license'))
    .description("register a driver's license (JSON file) as the user's identity document, by hash")
    .argument('<file>', 'JSON object of AAMVADriversLicense fields')
    .option('--hash-only', 'send only the hash (no fields, so svc cannot verify it)')
    .action(scanLicense);
  return device;
}
