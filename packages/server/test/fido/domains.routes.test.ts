import type { Insertable, Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/core/store/schema.js';
import { fidoCalls } from '../fido.kit.js';
import { testApp, type TestApp } from '../helpers.js';
import { migratedBefore } from '../migrations.kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());
const { client } = fidoCalls(() => t);

const create = async (domain_name: string) =>
  (await client()).call('POST', '/api/v1/organizations', { name: 'Org', domain_name });

describe('a FIDO domain is claimed by one customer', () => {
  it("another customer's organization on the same domain is 409; other domains are free", async () => {
    expect((await create('passkeys.shop.test')).status).toBe(201);
    const taken = await create('passkeys.shop.test');
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: 'FIDO_DOMAIN_TAKEN' });
    expect((await create('shop.test')).status).toBe(201);
    expect((await create('other.passkeys.shop.test')).status).toBe(201);
  });

  it('the caller that already has an organization still gets ORGANIZATION_EXISTS', async () => {
    const c = await client();
    const body = { name: 'Org', domain_name: 'own.shop.test' };
    expect((await c.call('POST', '/api/v1/organizations', body)).status).toBe(201);
    expect((await c.call('POST', '/api/v1/organizations', body)).body).toMatchObject({
      error: 'ORGANIZATION_EXISTS',
    });
  });

  it('concurrent creations on one domain by different customers: one 201, the rest 409', async () => {
    const callers = await Promise.all([1, 2, 3, 4].map(() => client()));
    const statuses = await Promise.all(
      callers.map(
        async (c) =>
          (await c.call('POST', '/api/v1/organizations', { name: 'R', domain_name: 'race.test' }))
            .status,
      ),
    );
    expect(statuses.sort()).toEqual([201, 409, 409, 409]);
  });

  it('localhost (local development) is claimed by no one', async () => {
    expect((await create('localhost')).status).toBe(201);
    expect((await create('localhost')).status).toBe(201);
  });
});

describe('migration 0007 on organizations that already share a domain', () => {
  it('the oldest keeps the claim, the others keep working unclaimed; localhost stays unclaimed', async () => {
    const { db, migrateRest, close } = await migratedBefore('0007');
    const org = (id: string, domain_name: string, created_at: string) => ({
      id,
      customer_id: id,
      name: id,
      domain_name,
      oidc_client_id: `client-${id}`,
      require_platform_authenticator: 0,
      require_resident_key: 0,
      verify_attestation_statement: 1,
      created_at,
    });
    const rows = [
      org('b', 'shared.test', '2026-01-02T00:00:00.000Z'),
      org('a', 'shared.test', '2026-01-03T00:00:00.000Z'),
      org('c', 'shared.test', '2026-01-02T00:00:00.000Z'),
      org('d', 'alone.test', '2026-01-05T00:00:00.000Z'),
      org('e', 'localhost', '2026-01-01T00:00:00.000Z'),
      org('f', 'localhost', '2026-01-02T00:00:00.000Z'),
    ];
    for (const row of rows) {
      await db
        .insertInto('customers')
        // The table as it was before 0009: no number_matching column yet.
        .values({
          id: row.id,
          name: row.id,
          verify_identity_documents: 0,
          created_at: row.created_at,
        } as Insertable<Database['customers']>)
        .execute();
      // The table as it was before 0007: no domain_claim column yet.
      await (db as unknown as Kysely<{ fido_organizations: typeof row }>)
        .insertInto('fido_organizations')
        .values(row)
        .execute();
    }
    await migrateRest();
    const claims = await db
      .selectFrom('fido_organizations')
      .select(['id', 'domain_claim'])
      .orderBy('id')
      .execute();
    expect(claims).toEqual([
      { id: 'a', domain_claim: null },
      { id: 'b', domain_claim: 'shared.test' }, // oldest; same time as c, lower id
      { id: 'c', domain_claim: null },
      { id: 'd', domain_claim: 'alone.test' },
      { id: 'e', domain_claim: null },
      { id: 'f', domain_claim: null },
    ]);
    await close();
  });
});
