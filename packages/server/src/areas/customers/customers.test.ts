import { AuditTrail } from '../../core/audit/trail.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.js';
import { SecretBox } from '../../core/crypto/secret-box.js';
import { credentialCacheMs, CredentialResolver } from '../../core/customers.js';
import { createCustomer } from './create-customer.js';
import type { CustomerDeps } from './deps.js';
import { listCustomers } from './list-customers.js';
import { revokeCredentials } from './revoke-credentials.js';
import { rotateCredentials } from './rotate-credentials.js';
import { randomIds } from '../../core/ids.js';
import { openStore, type Store } from '../../core/store/index.js';

// Two connections to one SQLite file: the CLI's (changes credentials) and a running server's
// (resolves them, with its cache warm).
let dir: string;
let cli: Store;
let server: Store;
let deps: CustomerDeps;
let resolver: CredentialResolver;
const clock = new ManualClock();
/** The server's monotonic clock, moved by hand. */
let serverMs = 0;
/** Reads of the credentials table by the server. */
let credentialReads = 0;
/**
 * What a running server sees once the CLI's command has ended (its writes committed) and the
 * server's cache let go (as `settleCredentialChange` waits for).
 */
const settle = () => {
  serverMs += credentialCacheMs;
};
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-customers-'));
  cli = await openStore({ sqlitePath: join(dir, 'svc.db') });
  server = await openStore({
    sqlitePath: join(dir, 'svc.db'),
    onQuery: (sql) => sql.includes('from "credentials"') && (credentialReads += 1),
  });
  const box = new SecretBox(randomBytes(32));
  deps = { db: cli.db, box, ids: randomIds, clock, audit: new AuditTrail(clock, randomIds) };
  resolver = new CredentialResolver(server.db, box, 100, () => serverMs);
});
afterEach(async () => {
  await cli.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('rotateCredentials', () => {
  it('replaces every kind; a server that cached the old tokens refuses them once its cache lets go', async () => {
    const acme = await createCustomer(deps, { name: 'Acme' });
    const old = [
      acme.server_credentials.token,
      acme.sdk_credentials.token,
      acme.user_credentials.token,
      acme.sandbox_token,
      acme.fido_api_key,
    ];
    expect(await resolver.resolve(acme.server_credentials.token)).toEqual({
      customerId: acme.id,
      kind: 'server',
      credential: expect.stringMatching(/^[0-9a-f]{16}$/),
      secret: acme.server_credentials.secret,
      deviceIdentifier: null,
    });
    const rotated = await rotateCredentials(deps, acme.id);
    expect(Object.keys(rotated ?? {})).toEqual(Object.keys(acme));
    expect(rotated?.server_credentials?.secret).not.toBe(acme.server_credentials.secret);
    // Cached before the rotation: trusted for at most credentialCacheMs more; never cached: refused.
    expect(await resolver.resolve(acme.server_credentials.token)).not.toBeNull();
    expect(await resolver.resolve(acme.sdk_credentials.token)).toBeNull();
    serverMs += credentialCacheMs - 1;
    expect(await resolver.resolve(acme.server_credentials.token)).not.toBeNull();
    settle();
    for (const token of old) expect(await resolver.resolve(token)).toBeNull();
    expect(await resolver.resolve(rotated?.server_credentials?.token ?? '')).toEqual({
      customerId: acme.id,
      kind: 'server',
      credential: expect.stringMatching(/^[0-9a-f]{16}$/),
      secret: rotated?.server_credentials?.secret,
      deviceIdentifier: null,
    });
  });

  it('a cached secret is read again after the cache time (a known token costs one read per second)', async () => {
    const acme = await createCustomer(deps, { name: 'Acme' });
    const token = acme.server_credentials.token;
    await resolver.resolve(token);
    await cli.db.deleteFrom('credentials').execute();
    // Answered from the cache: no read.
    credentialReads = 0;
    expect(await resolver.resolve(token)).toMatchObject({ customerId: acme.id, kind: 'server' });
    expect(credentialReads).toBe(0);
    settle();
    expect(await resolver.resolve(token)).toBeNull();
  });

  it('concurrent requests with an expired entry share one read', async () => {
    const acme = await createCustomer(deps, { name: 'Acme' });
    const token = acme.server_credentials.token;
    await resolver.resolve(token);
    settle();
    credentialReads = 0;
    const callers = await Promise.all(
      Array.from({ length: 20 }, () => Promise.resolve(resolver.resolve(token))),
    );
    expect(callers.every((c) => c?.customerId === acme.id)).toBe(true);
    expect(credentialReads).toBe(1);
  });

  it('replaces only the kinds asked for', async () => {
    const acme = await createCustomer(deps, { name: 'Acme' });
    const rotated = await rotateCredentials(deps, acme.id, ['sdk']);
    expect(Object.keys(rotated ?? {})).toEqual(['id', 'name', 'sdk_credentials']);
    settle();
    expect(await resolver.resolve(acme.sdk_credentials.token)).toBeNull();
    expect(await resolver.resolve(acme.server_credentials.token)).not.toBeNull();
  });

  it('is null for an unknown customer and leaves others alone', async () => {
    const other = await createCustomer(deps, { name: 'Other' });
    expect(await rotateCredentials(deps, 'nope')).toBeNull();
    expect(await resolver.resolve(other.fido_api_key)).not.toBeNull();
  });
});

describe('revokeCredentials', () => {
  it('deletes every credential (cached ones too); rotate issues working ones again', async () => {
    const acme = await createCustomer(deps, { name: 'Acme' });
    const other = await createCustomer(deps, { name: 'Other' });
    await resolver.resolve(acme.sdk_credentials.token);
    expect(await revokeCredentials(deps, acme.id)).toBe(5);
    settle();
    expect(await resolver.resolve(acme.sdk_credentials.token)).toBeNull();
    expect(await resolver.resolve(other.sdk_credentials.token)).not.toBeNull();
    expect(await revokeCredentials(deps, 'nope')).toBeNull();
    const again = await rotateCredentials(deps, acme.id);
    expect(await resolver.resolve(again?.sandbox_token ?? '')).toMatchObject({ kind: 'sandbox' });
  });
});

describe('listCustomers', () => {
  it('shows each customer oldest first, with the kinds it holds and no secret', async () => {
    const acme = await createCustomer(deps, { name: 'Acme', verifyIdentityDocuments: true });
    clock.advance(1000);
    const other = await createCustomer(deps, { name: 'Other' });
    await revokeCredentials(deps, other.id);
    const list = await listCustomers(cli.db);
    expect(list).toEqual([
      {
        id: acme.id,
        name: 'Acme',
        created_at: expect.any(String),
        verify_identity_documents: true,
        number_matching: false,
        status: 'active',
        credentials: ['server', 'sdk', 'user', 'sandbox', 'fido'],
        credentials_issued_at: expect.any(String),
      },
      {
        id: other.id,
        name: 'Other',
        created_at: expect.any(String),
        verify_identity_documents: false,
        number_matching: false,
        status: 'revoked',
        credentials: [],
        credentials_issued_at: null,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(acme.server_credentials.secret);
  });
});
