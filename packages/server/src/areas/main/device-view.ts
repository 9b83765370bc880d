import type { DeviceRow } from './devices-repo.js';

/** DeviceResponse: `active` and its deprecated twin `is_active`. */
export function deviceView(row: DeviceRow) {
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
