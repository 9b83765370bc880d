import type { AuditEvent } from '@svc/wire';

/**
 * An event as OCSF 1.1: sign-ins, refused credentials and answered push requests as
 * Authentication (3002, category Identity & Access Management), everything else as API Activity
 * (6003, category Application Activity) with the change as its operation. What OCSF has no
 * field for is under `unmapped`.
 */
const authentication =
  /^(credential\.refused|svcfication\.(answered|rejected|fraud_reported)|fido\.passkey\.used|fido\.authentication\.|oidc\.sign)/;

/** OCSF API Activity's activity ids: Create 1, Read 2, Update 3, Delete 4, Other 99. */
function apiActivity(action: string): number {
  if (/\.(created|registered|added)$/.test(action)) return 1;
  if (/\.(deleted|revoked)$/.test(action)) return 4;
  if (/\.(updated|renamed|rotated|activated|deactivated|set|refreshed)$/.test(action)) return 3;
  return 99;
}

export function ocsfOf(event: AuditEvent): Record<string, unknown> {
  const isAuth = authentication.test(event.action);
  const classUid = isAuth ? 3002 : 6003;
  // Authentication: Logon 1, Other 99.
  const activityId = isAuth
    ? event.action.includes('refused')
      ? 1
      : 99
    : apiActivity(event.action);
  const success = event.outcome === 'success';
  return {
    class_uid: classUid,
    category_uid: isAuth ? 3 : 6,
    activity_id: activityId,
    type_uid: classUid * 100 + activityId,
    time: Date.parse(event.time),
    severity_id: success ? 1 : 3,
    status_id: success ? 1 : 2,
    status: success ? 'Success' : 'Failure',
    message: event.action,
    metadata: {
      version: '1.1.0',
      uid: event.id,
      log_name: event.customer_id ?? 'svc',
      sequence: event.index,
      product: { name: 'svc', vendor_name: 'svc' },
    },
    actor: {
      user: {
        type: event.actor.kind,
        uid: event.actor.user ?? event.actor.device ?? event.actor.credential,
      },
    },
    src_endpoint: { ip: event.source.address },
    http_request: { user_agent: event.source.user_agent, uid: event.request_id },
    ...(isAuth
      ? { user: { uid: event.targets['user'] ?? event.targets['fido_user'] ?? event.actor.user } }
      : { api: { operation: event.action, request: { uid: event.request_id } } }),
    unmapped: { customer_id: event.customer_id, targets: event.targets, details: event.details },
  };
}
