import type { Db } from '../../core/store/index.js';
import type { SvcficationsTable } from '../../core/store/schema.js';
import type { Svcfication, SvcficationResult } from './schemas.js';

export type SvcficationRow = SvcficationsTable & { relying_party: string };

/** An open request past its expiry reads EXPIRED everywhere, before the sweeper writes it. */
export function effectiveStatus(
  row: Pick<SvcficationsTable, 'status' | 'expires_at'>,
  now: Date,
): Svcfication['status'] {
  return row.status === 'IN_PROGRESS' && row.expires_at <= now.toISOString()
    ? 'EXPIRED'
    : row.status;
}

export function isOpen(row: Pick<SvcficationsTable, 'status' | 'expires_at'>, now: Date): boolean {
  return effectiveStatus(row, now) === 'IN_PROGRESS';
}

export function svcficationView(row: SvcficationRow, now: Date): Svcfication {
  return {
    id: row.id,
    status: effectiveStatus(row, now),
    user_identifier: row.user_identifier,
    device_identifier: row.device_identifier,
    svc_id: row.svc_id,
    desired_level: row.desired_level,
    expires_at: row.expires_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    action: row.action,
    resource: row.resource,
    relying_party: row.relying_party,
    result: row.result ? (JSON.parse(row.result) as SvcficationResult) : null,
    user_presence: row.user_presence === 1,
    prompt: row.prompt === 1,
    show_identity_document: row.show_identity_document === 1,
    custom_fields: row.custom_fields
      ? (JSON.parse(row.custom_fields) as Record<string, unknown>)
      : null,
  };
}

export function selectSvcfications(db: Db) {
  return db
    .selectFrom('svcfications')
    .innerJoin('customers', 'customers.id', 'svcfications.customer_id')
    .selectAll('svcfications')
    .select('customers.name as relying_party');
}

export async function findSvcfication(
  db: Db,
  customerId: string,
  id: string,
): Promise<SvcficationRow | undefined> {
  return selectSvcfications(db)
    .where('svcfications.customer_id', '=', customerId)
    .where('svcfications.id', '=', id)
    .executeTakeFirst();
}

/** The RP identifiers a device is actively bound to. */
export async function activeIdentifiersOf(
  db: Db,
  customerId: string,
  deviceIdentifier: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('user_devices')
    .select('user_identifier')
    .where('customer_id', '=', customerId)
    .where('device_identifier', '=', deviceIdentifier)
    .where('active', '=', 1)
    .execute();
  return rows.map((r) => r.user_identifier);
}

/** Whether a svcfication is addressed to this device: directly, to its user, or to an identifier it is actively bound to. */
export function addressedTo(
  row: SvcficationsTable,
  device: { identifier: string; user_id: string },
  identifiers: readonly string[],
): boolean {
  if (row.target_device) return row.target_device === device.identifier;
  if (row.target_user_id) return row.target_user_id === device.user_id;
  return row.user_identifier !== null && identifiers.includes(row.user_identifier);
}
