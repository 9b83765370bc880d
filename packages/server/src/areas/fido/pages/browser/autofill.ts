import {
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

export interface Autofill {
  /**
   * Ends the offer before the Continue button's own request: resolves once the autofill request's
   * options call is over (so the button's options replace its challenge, not the other way
   * round). The button's request then aborts the pending conditional one (SimpleWebAuthn cancels
   * the previous ceremony when a new one starts).
   */
  stop(): Promise<void>;
}

/**
 * Offers the user's passkeys in the browser's autofill of the username field (WebAuthn
 * conditional mediation), where the browser supports it; choosing one signs in without pressing
 * Continue, which stays the fallback. Failures are silent: the button remains.
 */
export function offerAutofill(
  field: HTMLElement,
  options: () => Promise<Record<string, unknown>>,
  signedIn: (response: AuthenticationResponseJSON) => Promise<void>,
): Autofill {
  let stopped = false;
  const ready = (async () => {
    if (!(await browserSupportsWebAuthnAutofill()) || stopped) return null;
    field.hidden = false;
    return options();
  })().catch(() => null);
  void ready.then(async (json) => {
    if (!json || stopped) {
      field.dataset.autofill = 'off'; // a mark for tests: no conditional request will be made
      return;
    }
    let response: AuthenticationResponseJSON;
    try {
      response = await startAuthentication({
        optionsJSON: json as unknown as PublicKeyCredentialRequestOptionsJSON,
        useBrowserAutofill: true,
      });
    } catch {
      return; // aborted by the Continue button's request, or refused by the browser
    }
    if (!stopped) {
      stopped = true;
      await signedIn(response);
    }
  });
  return {
    async stop() {
      stopped = true;
      await ready;
    },
  };
}
