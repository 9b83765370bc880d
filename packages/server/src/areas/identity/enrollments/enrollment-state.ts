import type { Enrollment, EnrollmentStatus } from '@svc/wire';
import type { EnrollmentRow } from './enrollments-repo.js';

/** Long-poll key: this enrollment was redeemed. */
export const enrollmentDone = (id: string) => `enrollment-done:${id}`;

/** ENROLLED once redeemed, EXPIRED once past its expiry unused, PENDING until then. */
export function enrollmentStatus(row: EnrollmentRow, now: Date): EnrollmentStatus {
  if (row.device_identifier) return 'ENROLLED';
  return new Date(row.expires_at).getTime() <= now.getTime() ? 'EXPIRED' : 'PENDING';
}

export function enrollmentView(row: EnrollmentRow, now: Date): Enrollment {
  return {
    id: row.id,
    user_identifier: row.user_identifier,
    status: enrollmentStatus(row, now),
    device_identifier: row.device_identifier,
    expires_at: row.expires_at,
    enrolled_at: row.enrolled_at,
  };
}
