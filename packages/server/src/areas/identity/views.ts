import type { BindingRow } from './bindings-repo.js';
import type { DeviceViewRow } from './devices-repo.js';
import type { DocumentRow } from './documents-repo.js';
import type { IdentityDocument } from './schemas.js';

/** DeviceResponse: `active` and its deprecated twin `is_active`. */
export function deviceView(row: DeviceViewRow) {
  const active = row.active === 1;
  return {
    identifier: row.identifier,
    svc_id: row.user_id,
    device_platform: row.device_platform,
    active,
    is_active: active,
    activated_at: row.activated_at,
  };
}

export function bindingView(row: BindingRow) {
  return {
    id: row.id,
    device_identifier: row.device_identifier,
    user_identifier: row.user_identifier,
    active: row.active === 1,
    activated_at: row.activated_at,
  };
}

export function documentView(row: DocumentRow): IdentityDocument {
  return {
    id: row.id,
    hash: row.hash,
    type: 'AAMVA_DRIVERS_LICENSE',
    verification_status: row.verification_status,
    verified_at: row.verified_at,
  };
}
