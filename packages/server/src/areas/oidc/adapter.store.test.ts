import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.js';
import type { Store } from '../../core/store/index.js';
import { openTestStore } from '../../../test/helpers.js';
import { unitFido, unitOrganization as org } from '../../../test/oidc/oidc.kit.js';
import { adapterClass, clientMetadata } from './adapter.js';
import type { OidcDeps } from './deps.js';
import { purgeExpired } from './purge-expired.js';

let store: Store;
const clock = new ManualClock();
let Adapter: ReturnType<typeof adapterClass>;

beforeAll(async () => {
  store = await openTestStore();
  const deps = {
    db: store.db,
    clock,
    fido: unitFido,
  } as unknown as OidcDeps;
  Adapter = adapterClass(deps, org.organizationId);
});
afterAll(async () => store.close());

describe('the oidc-provider adapter over the store', () => {
  it('keeps a payload by (model, id) and finds it by uid, user code; an upsert replaces it', async () => {
    const sessions = new Adapter('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'alice' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'alice' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'alice' });
    await sessions.upsert('s1', { uid: 'u1', accountId: 'bob' }, 60);
    expect(await sessions.find('s1')).toMatchObject({ accountId: 'bob' });
    // Another model with the same id is another row.
    expect(await new Adapter('Interaction').find('s1')).toBeUndefined();
    const devices = new Adapter('DeviceCode');
    await devices.upsert('d1', { userCode: 'ABCD-EFGH' }, 60);
    expect(await devices.findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' });
  });

  it('a consumed payload reads with `consumed`; an expired one reads as gone, purged a day on', async () => {
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await codes.consume('c1');
    expect(await codes.find('c1')).toMatchObject({ grantId: 'g1', consumed: expect.any(Number) });
    clock.advance(61_000);
    expect(await codes.find('c1')).toBeUndefined();
    expect(await purgeExpired({ db: store.db, clock })).toBe(0);
    clock.advance(86_400_000);
    expect(await purgeExpired({ db: store.db, clock })).toBeGreaterThanOrEqual(1);
    expect(
      await store.db.selectFrom('oidc_payloads').where('id', '=', 'c1').selectAll().execute(),
    ).toEqual([]);
  });

  it('an expired CIBA request is still read, past the purge, so its poll is told expired_token', async () => {
    const requests = new Adapter('BackchannelAuthenticationRequest');
    await requests.upsert('b1', { accountId: 'bob', exp: 2 }, 2);
    clock.advance(3_000);
    await purgeExpired({ db: store.db, clock });
    expect(await requests.find('b1')).toMatchObject({ accountId: 'bob' });
  });

  it('a refresh token consumed twice at once: one goes on, the other is invalid_grant', async () => {
    const refresh = new Adapter('RefreshToken');
    await refresh.upsert('r0', { grantId: 'g0' }, 3600);
    const outcomes = await Promise.allSettled([refresh.consume('r0'), refresh.consume('r0')]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = outcomes.find((o) => o.status === 'rejected');
    expect(lost?.reason).toMatchObject({ error: 'invalid_grant' });
  });

  it('revoking a grant destroys every token of it; destroy removes one', async () => {
    const access = new Adapter('AccessToken');
    const refresh = new Adapter('RefreshToken');
    await access.upsert('a1', { grantId: 'g2' }, 3600);
    await refresh.upsert('r1', { grantId: 'g2' }, 3600);
    await refresh.upsert('r2', { grantId: 'g3' }, 3600);
    await access.revokeByGrantId('g2');
    expect(await access.find('a1')).toBeUndefined();
    expect(await refresh.find('r1')).toBeUndefined();
    expect(await refresh.find('r2')).toEqual({ grantId: 'g3' });
    await refresh.destroy('r2');
    expect(await refresh.find('r2')).toBeUndefined();
  });

  it("an organization's provider never sees, consumes or destroys another's rows", async () => {
    const deps = { db: store.db, clock, fido: unitFido };
    const Other = adapterClass(deps as unknown as OidcDeps, 'another-organization');
    const interactions = new Adapter('Interaction');
    await interactions.upsert('i1', { uid: 'i1', grantId: 'g9' }, 600);
    const theirs = new Other('Interaction');
    expect(await theirs.find('i1')).toBeUndefined();
    expect(await theirs.findByUid('i1')).toBeUndefined();
    await theirs.upsert('i1', { uid: 'i1', accountId: 'mallory' }, 600);
    await expect(theirs.consume('i1')).rejects.toMatchObject({ error: 'invalid_grant' });
    await theirs.destroy('i1');
    await theirs.revokeByGrantId('g9');
    expect(await interactions.find('i1')).toEqual({ uid: 'i1', grantId: 'g9' });
    // A row written before rows named their organization stays readable until it expires.
    await store.db
      .updateTable('oidc_payloads')
      .set({ organization_id: null })
      .where('id', '=', 'i1')
      .execute();
    expect(await theirs.find('i1')).toEqual({ uid: 'i1', grantId: 'g9' });
  });

  it("the client is the organization's: its id only, its exact redirect URIs, public without a secret", async () => {
    const clients = new Adapter('Client');
    expect(await clients.find('client-1')).toMatchObject({
      client_id: 'client-1',
      redirect_uris: ['https://acme.test/callback'],
      token_endpoint_auth_method: 'none',
    });
    expect(await clients.find('another-client')).toBeUndefined();
    const defaults = {
      requirePkce: false,
      idTokenAlg: 'ES256',
      cibaMode: null,
      cibaEndpoint: null,
    } as const;
    expect(clientMetadata({ ...org, clientSecret: 's3cret' }, defaults)).toMatchObject({
      client_secret: 's3cret',
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'ES256',
    });
    expect(
      clientMetadata(org, { ...defaults, requirePkce: true, idTokenAlg: 'RS256' }),
    ).toMatchObject({
      svc_require_pkce: true,
      id_token_signed_response_alg: 'RS256',
    });
    expect(clientMetadata({ ...org, redirectUris: [] }, defaults)).toBeUndefined();
    // Nothing is stored for clients.
    await clients.upsert('client-1', { client_id: 'client-1' }, 0);
    expect(
      await store.db
        .selectFrom('oidc_payloads')
        .where('model', '=', 'Client')
        .selectAll()
        .execute(),
    ).toEqual([]);
  });
});
