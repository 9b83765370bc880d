import type { Svcfication, SvcficationResult } from './schemas.js';
import { effectiveStatus } from './status.js';
import type { SvcficationRow } from './svcfications-repo.js';

/**
 * A svcfication as the relying party sees it (with the number to show its user), or as a device
 * sees it (with the three numbers to offer, never which one is right).
 */
export function svcficationView(
  row: SvcficationRow,
  now: Date,
  audience: 'rp' | 'device' = 'rp',
): Svcfication {
  const matching = row.match_number !== null;
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
    number_matching: matching,
    ...(audience === 'rp'
      ? { match_number: row.match_number }
      : {
          match_candidates: row.match_candidates
            ? (JSON.parse(row.match_candidates) as number[])
            : null,
        }),
  };
}
