import type { Db } from '../../core/store/index.js';
import type { OidcPayloadsTable } from '../../core/store/schema.js';

export type PayloadRow = OidcPayloadsTable;

export async function upsertPayload(db: Db, row: PayloadRow): Promise<void> {
  const { model: _model, id: _id, ...changes } = row;
  await db
    .insertInto('oidc_payloads')
    .values(row)
    .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(changes))
    .execute();
}

export async function findPayload(
  db: Db,
  model: string,
  by: { id: string } | { uid: string } | { user_code: string },
): Promise<PayloadRow | undefined> {
  const [column, value] = Object.entries(by)[0] as ['id' | 'uid' | 'user_code', string];
  return db
    .selectFrom('oidc_payloads')
    .selectAll()
    .where('model', '=', model)
    .where(column, '=', value)
    .executeTakeFirst();
}

export async function consumePayload(db: Db, model: string, id: string, at: string) {
  await db
    .updateTable('oidc_payloads')
    .set({ consumed_at: at })
    .where('model', '=', model)
    .where('id', '=', id)
    .execute();
}

export async function destroyPayload(db: Db, model: string, id: string): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('model', '=', model).where('id', '=', id).execute();
}

/** Every token of a grant, whatever its model (the grant itself included). */
export async function destroyGrant(db: Db, grantId: string): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
}

export async function purgeExpiredPayloads(db: Db, now: string): Promise<number> {
  const result = await db
    .deleteFrom('oidc_payloads')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
