import type { Db } from '../store/index.js';
import type { SecretBox } from './secret-box.js';

const name = 'master_key_check';

async function storedCheck(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}

/** A database from before the check value existed: its first sealed secret must open. */
async function opensSealedSecret(db: Db, box: SecretBox): Promise<boolean> {
  const key = await db
    .selectFrom('signing_keys')
    .select('private_sealed')
    .limit(1)
    .executeTakeFirst();
  const credential = await db
    .selectFrom('credentials')
    .select('secret_sealed')
    .where('secret_sealed', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  const sealed = key?.private_sealed ?? credential?.secret_sealed;
  if (!sealed) return true;
  try {
    box.open(sealed);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `box` holds the master key this database was first used with. The first start writes
 * the key's check value (concurrent first starts agree: one insert wins and both compare with it);
 * every later start compares with it.
 */
export async function masterKeyMatches(db: Db, box: SecretBox): Promise<boolean> {
  const value = box.checkValue();
  const stored = await storedCheck(db);
  if (stored !== undefined) return stored === value;
  if (!(await opensSealedSecret(db, box))) return false;
  await db
    .insertInto('settings')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await storedCheck(db)) === value;
}
