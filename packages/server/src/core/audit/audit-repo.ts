import { sql, type Insertable, type Selectable } from 'kysely';
import { onPostgres, type Db } from '../store/index.js';
import type { AuditEventsTable, AuditLogsTable } from '../store/schema-audit.js';
import type { NodeKey } from './tree.js';

export type EventRow = Selectable<AuditEventsTable>;

export async function insertEvent(db: Db, row: Insertable<AuditEventsTable>): Promise<void> {
  await db.insertInto('audit_events').values(row).execute();
}

/** Logs with events not yet in their tree (a range of audit_events_pending). */
export async function logsWithPending(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('audit_events')
    .select('log_id')
    .distinct()
    .where('leaf_index', 'is', null)
    .limit(limit)
    .execute();
  return rows.map((r) => r.log_id);
}

/** The log's head, locked until the transaction ends on PostgreSQL (SQLite: one writer). */
export async function lockLog(
  db: Db,
  logId: string,
  empty: Omit<Insertable<AuditLogsTable>, 'log_id'>,
): Promise<Selectable<AuditLogsTable>> {
  await db
    .insertInto('audit_logs')
    .values({ log_id: logId, ...empty })
    .onConflict((oc) => oc.column('log_id').doNothing())
    .execute();
  return db
    .selectFrom('audit_logs')
    .selectAll()
    .where('log_id', '=', logId)
    .$if(onPostgres(db), (query) => query.forUpdate())
    .executeTakeFirstOrThrow();
}

export async function pendingEvents(db: Db, logId: string, limit: number): Promise<EventRow[]> {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('log_id', '=', logId)
    .where('leaf_index', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function setLeafIndex(db: Db, id: string, index: number): Promise<void> {
  await db.updateTable('audit_events').set({ leaf_index: index }).where('id', '=', id).execute();
}

export async function insertNodes(
  db: Db,
  logId: string,
  nodes: readonly (NodeKey & { hash: string })[],
): Promise<void> {
  for (let at = 0; at < nodes.length; at += 500) {
    const rows = nodes.slice(at, at + 500).map((n) => ({ log_id: logId, ...n }));
    await db.insertInto('audit_nodes').values(rows).execute();
  }
}

/** The given nodes of a log that exist, by `level:idx`. */
export async function findNodes(
  db: Db,
  logId: string,
  keys: readonly NodeKey[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let at = 0; at < keys.length; at += 200) {
    const some = keys.slice(at, at + 200);
    if (some.length === 0) continue;
    const rows = await db
      .selectFrom('audit_nodes')
      .select(['level', 'idx', 'hash'])
      .where('log_id', '=', logId)
      .where((eb) =>
        eb.or(some.map((k) => eb.and([eb('level', '=', k.level), eb('idx', '=', k.idx)]))),
      )
      .execute();
    for (const r of rows) found.set(`${r.level}:${r.idx}`, r.hash);
  }
  return found;
}

export async function updateLog(
  db: Db,
  logId: string,
  head: Pick<AuditLogsTable, 'size' | 'root_hash' | 'checkpoint' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('audit_logs').set(head).where('log_id', '=', logId).execute();
}

export async function findLog(db: Db, logId: string) {
  return db.selectFrom('audit_logs').selectAll().where('log_id', '=', logId).executeTakeFirst();
}

export interface EventFilter {
  after: number | null;
  limit: number;
  action?: string | undefined;
  outcome?: string | undefined;
  actor?: string | undefined;
  target?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
}

/**
 * Whether an id is among the targets (a value of their JSON object): an exact, case-sensitive
 * substring test on both stores (LIKE ignores ASCII case on SQLite).
 */
const hasTarget = (db: Db, id: string) => {
  const needle = `:${JSON.stringify(id)}`;
  return onPostgres(db)
    ? sql<boolean>`strpos(targets, ${needle}) > 0`
    : sql<boolean>`instr(targets, ${needle}) > 0`;
};

/** A page of a log's integrated events in leaf order, after the cursor. */
export async function findEvents(db: Db, logId: string, f: EventFilter): Promise<EventRow[]> {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('log_id', '=', logId)
    .where('leaf_index', 'is not', null)
    .$if(f.after !== null, (q) => q.where('leaf_index', '>', f.after!))
    .$if(f.action !== undefined, (q) => q.where('action', '=', f.action!))
    .$if(f.outcome !== undefined, (q) => q.where('outcome', '=', f.outcome as 'success'))
    .$if(f.actor !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('actor_kind', '=', f.actor as 'system'),
          eb('actor_credential', '=', f.actor!),
          eb('actor_device', '=', f.actor!),
          eb('actor_user', '=', f.actor!),
        ]),
      ),
    )
    .$if(f.target !== undefined, (q) => q.where(hasTarget(db, f.target!)))
    .$if(f.since !== undefined, (q) => q.where('occurred_at', '>=', f.since!))
    .$if(f.until !== undefined, (q) => q.where('occurred_at', '<', f.until!))
    .orderBy('leaf_index')
    .limit(f.limit)
    .execute();
}

export async function findEvent(db: Db, logId: string, id: string) {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('log_id', '=', logId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Every log id with a head (the operator's export). */
export async function allLogs(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('audit_logs').select('log_id').orderBy('log_id').execute();
  return rows.map((r) => r.log_id);
}

/** All of a log's nodes (an export's proofs). */
export async function allNodes(db: Db, logId: string) {
  return db
    .selectFrom('audit_nodes')
    .select(['level', 'idx', 'hash'])
    .where('log_id', '=', logId)
    .execute();
}
