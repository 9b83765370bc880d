import type { AuditEventList } from '@svc/wire';
import { findEvents, type EventFilter } from '../../core/audit/audit-repo.js';
import { eventView } from '../../core/audit/view.js';
import type { AuditDeps } from './deps.js';

/** Instants compare as the stored text: UTC ISO 8601, whatever offset the query used. */
const utc = (text: string | undefined) =>
  text === undefined ? undefined : new Date(text).toISOString();

/** A page of the log's events in leaf order; the cursor is the last one's index. */
export async function listEvents(
  deps: AuditDeps,
  logId: string,
  filter: Omit<EventFilter, 'after'> & { after?: string | undefined },
): Promise<AuditEventList> {
  const after = filter.after === undefined ? null : Number(filter.after);
  const rows = await findEvents(deps.db, logId, {
    ...filter,
    after,
    since: utc(filter.since),
    until: utc(filter.until),
  });
  const events = rows.map((row) => eventView(row));
  const last = events.at(-1);
  return {
    audit_events: events,
    next_cursor: last && events.length === filter.limit ? String(last.index) : null,
  };
}
