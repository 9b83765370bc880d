import { ConsoleClient } from '@svc/sdk';
import type { ConsoleRole } from '@svc/wire';
import { SoftAuthenticator } from '../../../bench/src/soft-authenticator.js';
import { createInvitation } from '../../src/areas/console/invitations.js';
import { injectFetch, type TestApp } from '../helpers.js';

/** A fetch over inject() that keeps the session cookie, as a browser does for its origin. */
export function browserFetch(t: TestApp): typeof fetch {
  const inner = injectFetch(t.app);
  let cookie = '';
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    if (cookie) headers.set('cookie', cookie);
    const response = await inner(input, { ...init, headers });
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0] ?? '';
    return response;
  };
}

/** A console user: their client (with its own cookie jar) and their passkey. */
export interface ConsolePerson {
  client: ConsoleClient;
  passkey: SoftAuthenticator;
  fetch: typeof fetch;
}

export const consoleOrigin = (t: TestApp) => new URL(t.config.publicUrl).origin;

export function newPerson(t: TestApp): ConsolePerson {
  const fetch = browserFetch(t);
  return {
    fetch,
    client: new ConsoleClient({ baseUrl: 'http://svc', fetch }),
    passkey: new SoftAuthenticator(),
  };
}

/** The token of an invitation link (after `#invitation=`). */
export const tokenOf = (link: string) => new URL(link).hash.replace('#invitation=', '');

/** An invitation made as the CLI makes one (the first operator's). */
export async function cliInvitation(
  t: TestApp,
  role: ConsoleRole,
  customerId?: string,
): Promise<string> {
  const { ctx } = t;
  const invitation = await createInvitation(
    { db: ctx.store.db, clock: ctx.clock, ids: ctx.ids, audit: ctx.audit, config: ctx.config },
    null,
    { role, name: `${role} one`, ...(customerId ? { customer_id: customerId } : {}) },
  );
  return tokenOf(invitation.invitation_link);
}

/** Accepts an invitation with a new passkey: the person is signed in. */
export async function accept(t: TestApp, token: string, person = newPerson(t)) {
  const { options } = await person.client.acceptInvitation(token);
  const response = person.passkey.register(options as never, consoleOrigin(t));
  const session = await person.client.finishInvitation(token, response);
  return { ...person, session };
}

/** Signs in with the person's passkey. */
export async function signIn(t: TestApp, person: ConsolePerson) {
  const { ceremony, options } = await person.client.beginSignIn();
  const response = person.passkey.authenticate(options as never, consoleOrigin(t));
  return person.client.finishSignIn(ceremony, response);
}
