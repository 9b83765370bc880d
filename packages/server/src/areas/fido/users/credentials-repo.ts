import { compiled } from '../../../core/store/compiled.js';
import type { Db } from '../../../core/store/index.js';
import type { FidoCredentialsTable } from '../../../core/store/schema.js';
import { inserted } from '../../../core/store/unique.js';

export type CredentialRow = FidoCredentialsTable;

export async function credentialsOfUser(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<CredentialRow[]> {
  return db
    .selectFrom('fido_credentials')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

const credentialById = compiled((db, v: { organizationId: string; credentialId: string }) =>
  db
    .selectFrom('fido_credentials')
    .selectAll()
    .where('organization_id', '=', v.organizationId)
    .where('credential_id', '=', v.credentialId),
);

/** A credential by its WebAuthn id among the organization's users (discoverable login). */
export async function findCredential(
  db: Db,
  organizationId: string,
  credentialId: string,
): Promise<CredentialRow | undefined> {
  return credentialById.first(db, { organizationId, credentialId });
}

/** False when the organization already knows this credential id. */
export async function insertCredential(db: Db, row: CredentialRow): Promise<boolean> {
  return inserted(
    await db
      .insertInto('fido_credentials')
      .values(row)
      .onConflict((oc) => oc.columns(['organization_id', 'credential_id']).doNothing())
      .executeTakeFirst(),
  );
}

const counterAdvance = compiled((db, v: { id: string; from: number; to: number; now: string }) =>
  db
    .updateTable('fido_credentials')
    .set({ counter: v.to, last_used_at: v.now })
    .where('id', '=', v.id)
    .where('counter', '=', v.from),
);

/** Moves the signature counter only from the value the check was made against (no lost update). */
export async function advanceCounter(
  db: Db,
  id: string,
  from: number,
  to: number,
  now: string,
): Promise<boolean> {
  return (await counterAdvance.affected(db, { id, from, to, now })) > 0;
}

/** One credential of one user of the organization. */
export async function findUserCredential(
  db: Db,
  organizationId: string,
  userId: string,
  id: string,
): Promise<CredentialRow | undefined> {
  return db
    .selectFrom('fido_credentials')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countCredentials(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<number> {
  const row = await db
    .selectFrom('fido_credentials')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function renameCredential(db: Db, id: string, name: string): Promise<void> {
  await db.updateTable('fido_credentials').set({ name }).where('id', '=', id).execute();
}

/** False when it was already gone. */
export async function deleteCredential(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('fido_credentials').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
