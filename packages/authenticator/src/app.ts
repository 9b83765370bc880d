import {
  DeviceClient,
  generateDeviceKeys,
  readEnrollmentLink,
  SvcApiError,
  type Svcfication,
} from '@svc/sdk';
import { accountList, accountName } from './account-list.js';
import { hasKeys, listAccounts, removeAccount, saveAccount, type Account } from './accounts.js';
import { hashOfLicense, isLicense, licenseAdded, registerLicense } from './license.js';
import { explain } from './messages.js';
import { canProvePresence, presenceOf, registerPresence } from './presence.js';
import { canPush, webPushChannel } from './push.js';
import { countDown, requestCard, type Answer } from './request-card.js';
import { Camera } from './camera.js';
import { button, el, render } from './view.js';

// svc Authenticator: the accounts this phone holds, the requests waiting for them, and the
// answers. Woken by Web Push (the service worker) and, while open, by long polls.
const root = document.getElementById('app') as HTMLElement;
let accounts: Account[] = [];
const pending = new Map<string, { account: Account; svcfication: Svcfication }>();
let notice: { text: string; kind: 'notice' | 'error' } | null = null;
const camera = new Camera(() => draw());
/** Resolves a request's wait when it is answered here (or has expired). */
const settled = new Map<string, () => void>();

const clientOf = (account: Account) => {
  const device = new DeviceClient(
    { baseUrl: account.baseUrl, credentials: account.credentials },
    account.keys ?? undefined,
  );
  device.identifier = account.identifier;
  return device;
};

function say(text: string, kind: 'notice' | 'error' = 'notice'): void {
  notice = { text, kind };
  draw();
}

/** Enrolls with an enrollment link (or a bare code, of this app's server) at its svc server. */
async function enroll(linkOrCode: string): Promise<void> {
  say('Adding the account…');
  try {
    const link = readEnrollmentLink(linkOrCode);
    const baseUrl = link.baseUrl ?? location.origin;
    const keys = await generateDeviceKeys();
    const probe = new DeviceClient({ baseUrl, credentials: { token: '', secret: '' } }, keys);
    const pushChannel = await webPushChannel(probe, baseUrl);
    const { enrolled } = await DeviceClient.enroll(link.code, {
      baseUrl,
      keys,
      platform: /android/i.test(navigator.userAgent) ? 'android' : 'ios',
      ...(pushChannel ? { pushChannel } : {}),
    });
    const account: Account = {
      identifier: enrolled.identifier,
      baseUrl,
      userIdentifier: enrolled.user_identifier,
      relyingParty: null,
      credentials: enrolled.device_credentials,
      keys,
      enrolledAt: new Date().toISOString(),
    };
    await saveAccount(account);
    if (canProvePresence())
      account.presenceCredentialId = await registerPresence(
        clientOf(account),
        account.userIdentifier,
      ).catch(() => undefined);
    await saveAccount(account);
    accounts = await listAccounts();
    say(`Account added for ${accountName(account)}. Requests will appear here.`);
    void watch(account);
  } catch (err) {
    say(explain(err, 'adding the account'), 'error');
  }
}

/** Long polls while the app is open: one request of the account at a time. */
async function watch(account: Account): Promise<void> {
  const device = clientOf(account);
  while (accounts.some((a) => a.identifier === account.identifier)) {
    try {
      const svcfication = await device.next({ wait: 25 });
      if (!svcfication) continue;
      pending.set(svcfication.id, { account, svcfication });
      if (account.relyingParty !== svcfication.relying_party) {
        account.relyingParty = svcfication.relying_party;
        await saveAccount(account);
        accounts = await listAccounts();
      }
      draw();
      const left = Date.parse(svcfication.expires_at) - Date.now();
      await new Promise<void>((resolve) => {
        settled.set(svcfication.id, resolve);
        setTimeout(resolve, Math.max(0, left));
      });
      pending.delete(svcfication.id);
      draw();
    } catch (err) {
      say(explain(err, `checking requests for ${account.userIdentifier}`), 'error');
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  }
}

async function answer(id: string, how: Answer): Promise<void> {
  const entry = pending.get(id);
  if (!entry) return;
  const device = clientOf(entry.account);
  const level = entry.svcfication.desired_level as 1 | 2 | 3;
  try {
    if (how.approve) {
      const license =
        level === 3 ? await scanLicense('Scan the barcode on your license to approve.') : null;
      if (level === 3 && !license) return;
      await device.accept(id, {
        level,
        presence: presenceOf(entry.account),
        ...(license ? { documentHash: await hashOfLicense(license) } : {}),
        ...(how.matchNumber === undefined ? {} : { matchNumber: how.matchNumber }),
      });
    } else await device.reject(id, how.fraud ? 'fraud' : undefined);
    const what = `“${entry.svcfication.action}”`;
    say(
      how.approve
        ? `Approved: ${what}.`
        : how.fraud
          ? `Denied and reported: ${what}. The service will stop sending requests for a while.`
          : `Denied: ${what}.`,
    );
  } catch (err) {
    const wrongLicense = level === 3 && err instanceof SvcApiError && err.status === 422;
    say(
      wrongLicense
        ? 'This license is not the one added to this account.'
        : explain(err, 'sending your answer'),
      'error',
    );
  }
  settled.get(id)?.();
}

async function forget(account: Account): Promise<void> {
  if (
    !confirm(
      `Remove the account ${account.userIdentifier}? You will need a new enrollment link to add it again.`,
    )
  )
    return;
  if (hasKeys(account))
    await clientOf(account)
      .removePushChannel()
      .catch(() => undefined);
  await removeAccount(account.identifier);
  accounts = await listAccounts();
  say('Account removed.');
}

/** Scans an enrollment link's QR code with the camera, then enrolls with it. */
async function scanCode(): Promise<void> {
  try {
    say('Point the camera at the enrollment code.');
    const text = await camera.read('QRCode', (found) => found.includes('/enroll#'));
    if (!text) return;
    await enroll(text);
  } catch (err) {
    say(explain(err, 'scanning'), 'error');
  }
}

/** Reads the barcode on the back of the user's license: its text, or null when cancelled. */
function scanLicense(prompt: string): Promise<string | null> {
  say(prompt);
  return camera.read('PDF417', isLicense);
}

/** Registers the user's driver's license for the account, for level-3 requests. */
async function addLicense(account: Account): Promise<void> {
  try {
    const text = await scanLicense('Point the camera at the barcode on the back of your license.');
    if (!text) return;
    const document = await registerLicense(clientOf(account), text);
    account.licenseAddedAt = new Date().toISOString();
    await saveAccount(account);
    say(licenseAdded(document));
  } catch (err) {
    say(explain(err, 'adding the license'), 'error');
  }
}

async function allowNotifications(): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted')
    return say('Notifications are off. The app checks for requests while it is open.');
  await subscribeAll();
  say('Notifications are on.');
}

/** Gives every account this browser's subscription again: on every start, as it may change. */
async function subscribeAll(): Promise<void> {
  for (const account of accounts.filter(hasKeys)) {
    const device = clientOf(account);
    const channel = await webPushChannel(device, account.baseUrl);
    if (channel) await device.setPushChannel(channel).catch(() => undefined);
  }
}

function draw(): void {
  const parts: HTMLElement[] = [];
  if (notice) parts.push(el('section', { class: notice.kind, role: 'status' }, notice.text));
  if (camera.view) parts.push(camera.view);
  for (const [id, { account, svcfication }] of pending)
    parts.push(requestCard(id, account, svcfication, answer));
  parts.push(
    el(
      'section',
      {},
      el('h2', {}, 'Your accounts'),
      accounts.length
        ? accountList(accounts, { addLicense, remove: forget })
        : el(
            'p',
            {},
            'No accounts yet. Scan the code a service shows you, or open its enrollment link on this phone.',
          ),
      camera.view
        ? ''
        : el('div', { class: 'actions' }, button('Scan a code', scanCode, 'primary')),
    ),
  );
  if (canPush() && Notification.permission === 'default' && accounts.length)
    parts.push(
      el(
        'section',
        {},
        el('p', {}, 'Get a notification when a request arrives.'),
        button('Turn on notifications', allowNotifications, 'primary'),
      ),
    );
  if (!pending.size && accounts.length)
    parts.push(
      el(
        'p',
        { class: 'muted' },
        'No requests waiting. They appear here as soon as they are sent.',
      ),
    );
  render(root, parts);
}

/**
 * Enrolls with the link in the address's fragment: `#{code}` (svc's /enroll page sends the phone
 * here so) or `#{a whole enrollment link}`, of this server or another.
 */
async function openLinkInHash(): Promise<void> {
  const text = decodeURIComponent(location.hash.slice(1));
  if (!text) return;
  history.replaceState(null, '', location.pathname);
  await enroll(text);
}

countDown(root);

async function start(): Promise<void> {
  if ('serviceWorker' in navigator)
    await navigator.serviceWorker.register('sw.js').catch(() => undefined);
  try {
    accounts = await listAccounts();
  } catch {
    return say(
      'This browser does not let the app keep its keys (a private window?). Open it in a normal window.',
      'error',
    );
  }
  draw();
  await openLinkInHash();
  window.addEventListener('hashchange', () => void openLinkInHash());
  for (const account of accounts.filter(hasKeys)) void watch(account);
  await subscribeAll();
  draw();
}

void start();
