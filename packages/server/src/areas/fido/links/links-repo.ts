import type { Compilable } from 'kysely';
import { compiled } from '../../../core/store/compiled.js';
import type { Db } from '../../../core/store/index.js';
import type { FidoLinkStatus, FidoLinksTable } from '../../../core/store/schema.js';
import type { SweepCursor } from '../../../core/sweeper.js';
import type { LinkKind } from './link.js';

export type LinkRow = FidoLinksTable;

const linkTable = {
  registrations: 'fido_registrations',
  authentications: 'fido_authentications',
} as const;

// Both link tables have the same shape; Kysely is given one name so it types a single table.
const table = (kind: LinkKind) => linkTable[kind] as 'fido_registrations';

/** A hot query of the link pages, compiled once for each link table. */
function perKind<V extends Record<string, unknown>, R>(
  build: (db: Db, v: V, from: 'fido_registrations') => Compilable<R>,
) {
  const byKind = {
    registrations: compiled((db, v: V) => build(db, v, table('registrations'))),
    authentications: compiled((db, v: V) => build(db, v, table('authentications'))),
  };
  return (kind: LinkKind) => byKind[kind];
}

export async function insertLink(db: Db, kind: LinkKind, row: LinkRow): Promise<void> {
  await db.insertInto(table(kind)).values(row).execute();
}

const linkById = perKind((db, v: { id: string }, from) =>
  db.selectFrom(from).selectAll().where('id', '=', v.id),
);

/** By id alone: the pages prove access with the link secret, not with a customer key. */
export async function findLink(db: Db, kind: LinkKind, id: string): Promise<LinkRow | undefined> {
  return linkById(kind).first(db, { id });
}

export async function findCustomerLink(
  db: Db,
  kind: LinkKind,
  customerId: string,
  id: string,
): Promise<LinkRow | undefined> {
  return db
    .selectFrom(table(kind))
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Binds a new challenge to a link that is still pending; false when it is not. */
export async function setChallenge(
  db: Db,
  kind: LinkKind,
  id: string,
  challenge: string,
): Promise<boolean> {
  const result = await db
    .updateTable(table(kind))
    .set({ challenge })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

type Closing = {
  id: string;
  challenge: string | null;
  status: Exclude<FidoLinkStatus, 'PENDING'>;
  userId: string | null;
  now: string;
};
/** Closes a pending link as of `now`: before its expiry, or (EXPIRED) after it. */
const closing = (beforeExpiry: boolean) =>
  perKind((db, v: Closing, from) =>
    db
      .updateTable(from)
      .set({ status: v.status, user_id: v.userId, challenge: null, finished_at: v.now })
      .where('id', '=', v.id)
      .where('status', '=', 'PENDING')
      .where('challenge', 'is not distinct from', v.challenge)
      .where('expires_at', beforeExpiry ? '>' : '<=', v.now),
  );
const closeBeforeExpiry = closing(true);
const closeAtExpiry = closing(false);

/**
 * Closes a pending link, only if it still holds the challenge that was judged: the challenge is
 * single use, and of two concurrent answers only one moves the link. EXPIRED only once its
 * lifetime has passed, any other status only before: a link that read EXPIRED never completes.
 */
export async function closeLink(
  db: Db,
  kind: LinkKind,
  link: LinkRow,
  change: Omit<Closing, 'id' | 'challenge'>,
): Promise<boolean> {
  const close = change.status === 'EXPIRED' ? closeAtExpiry : closeBeforeExpiry;
  const values = { ...change, id: link.id, challenge: link.challenge };
  return (await close(kind).affected(db, values)) > 0;
}

/**
 * Pending links past their lifetime that owe a callback (the others simply read EXPIRED), after
 * `after` in (expires_at, id) order: a range of the (status, expires_at) index `fido_*_pending`.
 */
export async function findExpiredWithCallback(
  db: Db,
  kind: LinkKind,
  now: string,
  limit: number,
  after: SweepCursor,
): Promise<LinkRow[]> {
  return db
    .selectFrom(table(kind))
    .selectAll()
    .where('status', '=', 'PENDING')
    .where('expires_at', '>=', after.expires_at)
    .where('expires_at', '<=', now)
    .where((eb) => eb.or([eb('expires_at', '>', after.expires_at), eb('id', '>', after.id)]))
    .where('callback_url', 'is not', null)
    .orderBy('expires_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}
