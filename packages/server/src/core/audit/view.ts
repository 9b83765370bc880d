import type { AuditEvent } from '@svc/wire';
import type { EventRow } from './audit-repo.js';

/** The event as the API shows it and as its leaf hashes it (at `index`, once integrated). */
export function eventView(row: EventRow, index = row.leaf_index ?? 0): AuditEvent {
  return {
    id: row.id,
    index,
    time: row.occurred_at,
    customer_id: row.customer_id,
    action: row.action,
    outcome: row.outcome,
    actor: {
      kind: row.actor_kind,
      credential: row.actor_credential,
      device: row.actor_device,
      user: row.actor_user,
    },
    source: { address: row.source_address, user_agent: row.user_agent },
    request_id: row.request_id,
    targets: JSON.parse(row.targets) as AuditEvent['targets'],
    details: JSON.parse(row.details) as AuditEvent['details'],
  };
}
