// Browser entry of the FIDO pages, bundled by esbuild (see ../script.ts); not compiled by tsc.
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { offerAutofill, type Autofill } from './autofill.js';

/** An answer from svc that ends this link (used, expired, not valid, or failed verification). */
class LinkError extends Error {}

const kind =
  document.querySelector('main')?.dataset.kind === 'authentications'
    ? 'authentications'
    : 'registrations';
const button = document.getElementById('continue') as HTMLButtonElement | null;
const message = document.getElementById('message') as HTMLElement;
const secret = decodeURIComponent(location.hash.slice(1));

function show(text: string, state: 'info' | 'error' | 'success'): void {
  message.textContent = text;
  message.dataset.state = state;
}

async function call(step: 'options' | 'verify', body: object): Promise<Record<string, unknown>> {
  const response = await fetch(`${location.pathname.replace(/\/+$/, '')}/${step}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok)
    throw new LinkError(
      typeof json.description === 'string' ? json.description : 'Something went wrong.',
    );
  return json;
}

/** The passkeys offered in the username field's autofill (authentication pages). */
let autofill: Autofill | null = null;

/** The Continue button's ceremony: a modal browser prompt. */
async function prompt(): Promise<unknown> {
  await autofill?.stop();
  // svc answers the options of this link's kind (../../registration-options.ts,
  // ../../authentication-options.ts).
  const options = await call('options', { secret });
  return kind === 'registrations'
    ? startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      })
    : startAuthentication({
        optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
      });
}

/** Gets the authenticator's response (the button's prompt, or a passkey picked in autofill). */
async function run(
  continueButton: HTMLButtonElement,
  respond: () => Promise<unknown> = prompt,
): Promise<void> {
  continueButton.disabled = true;
  show('Follow your browser\u2019s prompt\u2026', 'info');
  try {
    const response = await respond();
    const result = await call('verify', { secret, response });
    if (typeof result.redirect_url === 'string') {
      location.assign(result.redirect_url);
      return;
    }
    continueButton.hidden = true;
    show(
      kind === 'registrations'
        ? 'Your passkey is registered. You can close this page.'
        : 'You are signed in. You can close this page.',
      'success',
    );
  } catch (err) {
    if (err instanceof LinkError) {
      continueButton.hidden = true;
      show(err.message, 'error');
    } else {
      // The browser prompt was cancelled or timed out: the link is still good, so let the user
      // retry.
      continueButton.disabled = false;
      show('The passkey prompt was cancelled or failed. Press Continue to try again.', 'error');
    }
  }
}

if (button) {
  if (!secret) {
    button.hidden = true;
    show('This link is incomplete. Open the full link you received.', 'error');
  } else if (!browserSupportsWebAuthn()) {
    button.hidden = true;
    show('This browser does not support passkeys.', 'error');
  } else {
    button.addEventListener('click', () => void run(button));
    const field = document.getElementById('autofill');
    if (kind === 'authentications' && field)
      autofill = offerAutofill(
        field,
        () => call('options', { secret }),
        (response) => run(button, async () => response),
      );
  }
}
