// Browser entry of the OpenID Provider's sign-in page, bundled by esbuild (../script.ts); not
// compiled by tsc.
import {
  browserSupportsWebAuthn,
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/** An answer from svc that ends this attempt. */
class SignInError extends Error {}

const here = location.pathname.replace(/\/+$/, '');
const message = document.getElementById('message') as HTMLElement;
const passkey = document.getElementById('passkey') as HTMLButtonElement | null;

function show(text: string, state: 'info' | 'error' | 'success'): void {
  message.textContent = text;
  message.dataset.state = state;
}

async function post(url: string, body: object = {}): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok)
    throw new SignInError(
      typeof json.description === 'string' ? json.description : 'Something went wrong.',
    );
  return json;
}

/** svc answers where to go once the interaction ends (signed in, or refused). */
function follow(answer: Record<string, unknown>): boolean {
  if (typeof answer.redirect_to !== 'string') return false;
  location.assign(answer.redirect_to);
  return true;
}

async function signInWithPasskey(button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  show('Follow your browser\u2019s prompt\u2026', 'info');
  try {
    // The ceremony's options and its answer both go through this interaction (its cookie).
    const options = await post(`${here}/passkey`);
    if (follow(options)) return;
    const response = await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
    follow(await post(`${here}/passkey/finish`, { response }));
  } catch (err) {
    button.disabled = false;
    show(
      err instanceof SignInError
        ? err.message
        : 'The passkey prompt was cancelled or failed. Try again.',
      'error',
    );
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Shows a svccode to scan, then asks svc until the phone's answer ends the sign-in. */
async function signInWithPhone(button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  try {
    const code = await post(`${here}/phone`);
    const qr = document.getElementById('qr') as HTMLImageElement;
    qr.src = String(code.qr);
    qr.dataset.payload = String(code.payload);
    qr.hidden = false;
    // The same payload as text, for an app (or `svc device pair`) that cannot scan.
    const text = document.getElementById('code') as HTMLElement;
    text.textContent = String(code.payload);
    for (const id of ['phone-hint', 'code-hint', 'code'])
      (document.getElementById(id) as HTMLElement).hidden = false;
    show('Waiting for your phone\u2026', 'info');
    // Each call is held until the phone moves the sign-in on (at most 20 s).
    for (;;) {
      if (follow(await post(`${here}/phone/poll?wait=20`))) return;
      await pause(100);
    }
  } catch (err) {
    button.disabled = false;
    show(err instanceof SignInError ? err.message : 'Something went wrong. Try again.', 'error');
  }
}

const phone = document.getElementById('phone') as HTMLButtonElement | null;
if (phone) phone.addEventListener('click', () => void signInWithPhone(phone));

if (passkey) {
  if (browserSupportsWebAuthn())
    passkey.addEventListener('click', () => void signInWithPasskey(passkey));
  else passkey.hidden = true;
}
