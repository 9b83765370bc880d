import { DeviceClient, type PresenceAssert } from '@svc/sdk';
import { presenceCredentialChallenge } from '@svc/wire';
import { describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../../bench/src/soft-authenticator.js';
import { injectFetch } from '../helpers.js';
import { errorOf, useIdentityApp } from '../identity.kit.js';
import { assertPresence, makeCredential } from './presence.kit.js';

const { state } = useIdentityApp();

/** svc's public URL in the test config: the origin and RP ID svc Authenticator runs at. */
const origin = 'http://localhost:8080';
const rpId = 'localhost';

async function enrolled(user: string) {
  const { link } = await state.rp.createEnrollment(user);
  const { device } = await DeviceClient.enroll(link, {
    baseUrl: 'http://svc',
    fetch: injectFetch(state.t.app),
    now: () => state.t.clock.now(),
  });
  return device;
}

const creator = (soft: SoftAuthenticator, at = origin, id = rpId) => makeCredential(soft, at, id);
const asserter = (soft: SoftAuthenticator, challengeOf?: (challenge: string) => string) =>
  assertPresence(soft, origin, rpId, challengeOf);

const level2 = (user: string) =>
  state.rp.createSvcfication({
    action: 'Sign in',
    resource: 'web',
    desired_level: 2,
    user_identifier: user,
  });

describe('WebAuthn presence (level 2 for web apps)', () => {
  it('a device registers its credential; an assertion over the challenge counts as level 2', async () => {
    const device = await enrolled('alice');
    const soft = new SoftAuthenticator();
    const registered = await device.setPresenceCredential(creator(soft));
    expect(registered).toMatchObject({ rp_id: rpId, backed_up: false });
    const { id } = await level2('alice');
    await device.accept(id, { presence: asserter(soft) });
    const done = await state.rp.getSvcfication(id);
    expect(done).toMatchObject({ status: 'ACCEPTED', result: { accepted_level: 2 } });
    const stored = await state.t.store.db
      .selectFrom('presence_credentials')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ device_identifier: device.identifier, counter: 1 });
  });

  it('refuses a registration at another origin, without user verification, or replayed', async () => {
    const device = await enrolled('bob');
    const problem = async (create: Parameters<DeviceClient['setPresenceCredential']>[0]) =>
      errorOf(device.setPresenceCredential(create));
    expect(await problem(creator(new SoftAuthenticator(), 'https://evil.test'))).toMatchObject({
      error: 'PRESENCE_CREDENTIAL_INVALID',
      description: expect.stringContaining('origin') as string,
    });
    expect(await problem(creator(new SoftAuthenticator(), origin, 'evil.test'))).toMatchObject({
      error: 'PRESENCE_CREDENTIAL_INVALID',
    });
    expect(await problem(creator(new SoftAuthenticator({ userVerified: false })))).toMatchObject({
      error: 'PRESENCE_CREDENTIAL_INVALID',
    });
    // The same body again (a replayed nonce) is refused and keeps the first credential.
    const nonce = 'a-nonce-used-once';
    const credential = await creator(new SoftAuthenticator())(
      await presenceCredentialChallenge(device.identifier, nonce),
    );
    const put = () => device.signed('PUT', '/api/v2/presence/credential', { nonce, credential });
    await put();
    expect(await errorOf(put())).toMatchObject({
      error: 'PRESENCE_CREDENTIAL_INVALID',
      description: 'nonce was already used',
    });
    const stored = await state.t.store.db
      .selectFrom('presence_credentials')
      .select('credential_id')
      .where('device_identifier', '=', device.identifier)
      .execute();
    expect(stored).toEqual([{ credential_id: credential.id }]);
  });

  it('an answer whose assertion fails a check is 422 and leaves the svcfication open', async () => {
    const device = await enrolled('carol');
    const soft = new SoftAuthenticator();
    await device.setPresenceCredential(creator(soft));
    const other = await enrolled('dave');
    const stranger = new SoftAuthenticator();
    await other.setPresenceCredential(creator(stranger));
    const { id } = await level2('carol');
    // The same credential, asserting without user verification.
    const unverified = new SoftAuthenticator({ userVerified: false });
    unverified.credentials.push(...soft.credentials);
    const cases: [string, PresenceAssert][] = [
      ['challenge', asserter(soft, () => 'bm90LXRoaXMtb25l')],
      ['presence credential', asserter(stranger)],
      ['user verification', asserter(unverified)],
    ];
    for (const [words, presence] of cases) {
      const body = await errorOf(device.accept(id, { presence }));
      expect(body, words).toMatchObject({ error: 'RESPONSE_INVALID' });
    }
    expect((await state.rp.getSvcfication(id)).status).toBe('IN_PROGRESS');
  });
});
