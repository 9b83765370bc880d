import type { Enrollment } from '@svc/wire';
import { assertThat } from '../../../core/errors.js';
import type { EnrollmentsDeps } from './deps.js';
import { enrollmentDone, enrollmentView } from './enrollment-state.js';
import { findEnrollment } from './enrollments-repo.js';

/**
 * An enrollment of the customer, held while PENDING for up to `waitSeconds` (never past its
 * expiry), woken at once by its redemption, on this instance or another. Without `wait` it answers
 * at once.
 */
export async function getEnrollment(
  deps: EnrollmentsDeps,
  customerId: string,
  id: string,
  waitSeconds = 0,
  signal?: AbortSignal,
): Promise<Enrollment> {
  const read = async () => {
    const row = await findEnrollment(deps.db, customerId, id);
    assertThat(row, 'ENROLLMENT_NOT_FOUND');
    return enrollmentView(row, deps.clock.now());
  };
  let view = await read();
  const untilExpiry = new Date(view.expires_at).getTime() - deps.clock.now().getTime();
  const deadline = Date.now() + Math.min(waitSeconds * 1000, untilExpiry);
  while (view.status === 'PENDING' && Date.now() < deadline && !signal?.aborted) {
    const done = deps.waiters.watch(enrollmentDone(id), deadline - Date.now(), signal);
    try {
      // Read again now that the watch is on: a redemption in between would go unnoticed.
      view = await read();
      if (view.status !== 'PENDING' || !(await done.woken)) break;
      view = await read();
    } finally {
      done.cancel();
    }
  }
  return view.status === 'PENDING' ? read() : view;
}
