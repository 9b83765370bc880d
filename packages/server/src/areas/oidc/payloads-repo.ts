import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../core/store/index.js';
import { deleteExpired } from '../../core/store/purge.js';
import type { Database, OidcPayloadsTable } from '../../core/store/schema.js';

export type PayloadRow = OidcPayloadsTable;

/**
 * Rows of one organization's provider (and those written before rows named theirs). Qualified:
 * in an upsert's conflict clause PostgreSQL also sees the `excluded` row.
 */
const ownedBy = (organizationId: string) => (eb: ExpressionBuilder<Database, 'oidc_payloads'>) =>
  eb.or([
    eb('oidc_payloads.organization_id', '=', organizationId),
    eb('oidc_payloads.organization_id', 'is', null),
  ]);

/** Writes a payload; a row of the same (model, id) is replaced only if it is the same owner's. */
export async function upsertPayload(db: Db, row: PayloadRow): Promise<void> {
  const { model: _model, id: _id, ...changes } = row;
  await db
    .insertInto('oidc_payloads')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['model', 'id'])
        .doUpdateSet(changes)
        .where(ownedBy(row.organization_id ?? '')),
    )
    .execute();
}

export async function findPayload(
  db: Db,
  organizationId: string,
  model: string,
  by: { id: string } | { uid: string } | { user_code: string },
): Promise<PayloadRow | undefined> {
  const [column, value] = Object.entries(by)[0] as ['id' | 'uid' | 'user_code', string];
  return db
    .selectFrom('oidc_payloads')
    .selectAll()
    .where('model', '=', model)
    .where(column, '=', value)
    .where(ownedBy(organizationId))
    .executeTakeFirst();
}

type Key = { organizationId: string; model: string; id: string };

/** Marks a code or token used; false when it was used already (another request won the race). */
export async function consumePayload(db: Db, key: Key, at: string): Promise<boolean> {
  const result = await db
    .updateTable('oidc_payloads')
    .set({ consumed_at: at })
    .where('model', '=', key.model)
    .where('id', '=', key.id)
    .where('consumed_at', 'is', null)
    .where(ownedBy(key.organizationId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function destroyPayload(db: Db, key: Key): Promise<void> {
  await db
    .deleteFrom('oidc_payloads')
    .where('model', '=', key.model)
    .where('id', '=', key.id)
    .where(ownedBy(key.organizationId))
    .execute();
}

/** Every token of a grant, whatever its model (the grant itself included). */
export async function destroyGrant(db: Db, organizationId: string, grantId: string) {
  await db
    .deleteFrom('oidc_payloads')
    .where('grant_id', '=', grantId)
    .where(ownedBy(organizationId))
    .execute();
}

export function purgeExpiredPayloads(db: Db, now: string): Promise<number> {
  return deleteExpired(db, { table: 'oidc_payloads', column: 'expires_at' }, now);
}
