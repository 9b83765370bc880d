import { Command, Option } from 'commander';
import { DeviceClient, type DeviceKeys } from '@svc/sdk';
import { parseNonEmpty } from '../options.js';
import { checkOwner, customerOfToken, readDeviceFile, type DeviceFile } from './keys-file.js';

export interface DeviceFlags {
  keys: string;
  url: string;
  token?: string;
  secret?: string;
  json?: boolean;
}

/** Adds the options every `svc device` command takes. */
export function withDeviceOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--keys <file>', 'the device keys file')
        .env('SVC_DEVICE_KEYS')
        .default('./svc-device.json')
        .argParser(parseNonEmpty),
    )
    .addOption(
      new Option('--url <url>', 'base URL of svc').env('SVC_URL').default('http://127.0.0.1:8080'),
    )
    .addOption(new Option('--token <token>', 'SDK token').env('SVC_SDK_TOKEN'))
    .addOption(new Option('--secret <secret>', 'SDK secret').env('SVC_SDK_SECRET'))
    .option('--json', 'print one JSON value');
}

export interface Settings {
  url: string;
  credentials: { token: string; secret: string };
}

/**
 * Where the URL and SDK credentials come from: a flag wins, then what the keys file holds (what
 * the device registered with), then the environment, then the default URL.
 */
export function settle(command: Command, flags: DeviceFlags, file?: DeviceFile): Settings {
  const pick = (name: 'url' | 'token' | 'secret', stored: string | undefined) =>
    command.getOptionValueSource(name) === 'cli' ? flags[name] : (stored ?? flags[name]);
  const url = pick('url', file?.url) ?? '';
  if (!/^https?:\/\/[^/]/.test(url) || !URL.canParse(url))
    throw new Error(`--url must be an http(s) URL, not ${JSON.stringify(url)}`);
  const stored = file?.device_credentials ?? file?.sdk_credentials;
  const token = pick('token', stored?.token);
  const secret = pick('secret', stored?.secret);
  if (!token || !secret)
    throw new Error(
      'SDK credentials are needed: --token and --secret, or SVC_SDK_TOKEN and SVC_SDK_SECRET ' +
        '(`svc customers create --env` prints them)',
    );
  return { url, credentials: { token, secret } };
}

/** A client for a device whose keys the file holds. */
export function clientFor(settings: Settings, keys: DeviceKeys): DeviceClient {
  return new DeviceClient({ baseUrl: settings.url, credentials: settings.credentials }, keys);
}

export interface Session {
  device: DeviceClient;
  file: DeviceFile;
}

/** The registered device of the keys file, ready to call svc. */
export async function openSession(command: Command, flags: DeviceFlags): Promise<Session> {
  const stored = await readDeviceFile(flags.keys);
  if (!stored)
    throw new Error(
      `no device keys in ${flags.keys}: run \`svc device register\` first (or pass --keys FILE)`,
    );
  const settings = settle(command, flags, stored.file);
  // The customer decides (a flag may name another URL of the same server).
  checkOwner(flags.keys, stored.file, stored.file.url, customerOfToken(settings.credentials.token));
  const device = clientFor(settings, stored.keys);
  device.identifier = stored.file.identifier;
  device.documentHash = stored.file.document_hash;
  return {
    device,
    file: { ...stored.file, url: settings.url },
  };
}
