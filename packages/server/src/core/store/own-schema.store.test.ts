import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore, postgresTestUrl } from '../../../test/helpers.js';
import type { Store } from './index.js';
import { OwnSchemaDialect } from './own-schema.js';

const url = postgresTestUrl();

/** Creates and drops schemas, a table in each, until stopped, as shared databases' clients may. */
function churnSchemas(admin: pg.Client): { stop(): Promise<void> } {
  let running = true;
  const loop = (async () => {
    while (running) {
      const schema = `churn_${randomBytes(6).toString('hex')}`;
      await admin.query(
        `create schema ${schema}; create table ${schema}.t (id serial primary key)`,
      );
      await admin.query(`drop schema ${schema} cascade`);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** Reads the tables up to `rounds` times while schemas churn: the first failure, if any. */
async function failureWhileChurning(db: Kysely<unknown>, rounds: number): Promise<unknown> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const churn = churnSchemas(admin);
  try {
    for (let i = 0; i < rounds; i++) await db.introspection.getTables();
    return undefined;
  } catch (err) {
    return err;
  } finally {
    await churn.stop();
    await admin.end();
  }
}

describe.skipIf(!url)('introspection of its own schema', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore();
  });
  afterAll(() => store.close());

  it("lists the store's tables and columns, and no other schema's", async () => {
    const tables = await store.db.introspection.getTables({ withInternalKyselyTables: true });
    const names = tables.map((t) => t.name);
    expect(names).toContain('svcfications');
    expect(names).toContain('kysely_migration');
    const withoutKysely = await store.db.introspection.getTables();
    expect(withoutKysely.map((t) => t.name)).toEqual(names.filter((n) => !n.startsWith('kysely_')));
    expect(new Set(tables.map((t) => t.schema)).size).toBe(1);
    const customers = tables.find((t) => t.name === 'customers');
    expect(customers?.columns.find((c) => c.name === 'name')).toMatchObject({
      dataType: 'text',
      isNullable: false,
    });
  });

  it("reads while other clients drop schemas, where Kysely's own read fails", async () => {
    const own = new Kysely<unknown>({
      dialect: new OwnSchemaDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
    });
    const everySchema = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
    });
    try {
      expect(await failureWhileChurning(own, 40)).toBeUndefined();
      // Should a Kysely release read only the current schema, this fails: own-schema.ts can go.
      expect(String(await failureWhileChurning(everySchema, 2000))).toMatch(/does not exist/);
    } finally {
      await own.destroy();
      await everySchema.destroy();
    }
  });
});
