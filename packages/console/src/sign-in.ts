import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { ConsoleSession } from '@svc/wire/web';
import { api } from './api.js';
import { html } from 'htm/preact';
import { Problem } from './parts.js';
import { useAction } from './use-call.js';

type Options = Parameters<typeof startAuthentication>[0]['optionsJSON'];
type CreationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];

/** Signs in with a passkey of this svc (any of the browser's, no name to type). */
export function SignIn({ onSession }: { onSession: (session: ConsoleSession) => void }) {
  const action = useAction();
  const signIn = () =>
    action.run(async () => {
      const { ceremony, options } = await api.beginSignIn();
      const response = await startAuthentication({ optionsJSON: options as Options });
      onSession(await api.finishSignIn(ceremony, response));
    });
  return html`<article>
    <h1>svc console</h1>
    <p>Sign in with the passkey you enrolled from your invitation.</p>
    <button onClick=${signIn} aria-busy=${action.busy}>Sign in with a passkey</button>
    <${Problem} error=${action.error} />
  </article>`;
}

/** Accepts an invitation: enrolls a new passkey, which creates the account and signs it in. */
export function AcceptInvitation({
  token,
  onSession,
}: {
  token: string;
  onSession: (session: ConsoleSession) => void;
}) {
  const action = useAction();
  const accept = () =>
    action.run(async () => {
      const { options } = await api.acceptInvitation(token);
      const response = await startRegistration({ optionsJSON: options as CreationOptions });
      const session = await api.finishInvitation(token, response);
      history.replaceState(null, '', location.pathname);
      onSession(session);
    });
  return html`<article>
    <h1>You are invited to the svc console</h1>
    <p>
      Create a passkey for this console: your device asks for your fingerprint, face or PIN. The
      invitation works once.
    </p>
    <button onClick=${accept} aria-busy=${action.busy}>Create my passkey</button>
    <${Problem} error=${action.error} />
  </article>`;
}
