import { rateLimited } from '../../core/errors.js';
import type { SvcficationsDeps } from './deps.js';
import { createdSince, lastFraudReport, openExpiries } from './fatigue-repo.js';
import type { Target } from './resolve-target.js';

/** The window the per-subject count runs over. */
const windowMs = 10 * 60 * 1000;

/** Who fatigue limits count a svcfication against: its user identifier, else its user or device. */
export function subjectOf(target: Omit<Target, 'users'>): string {
  if (target.user_identifier !== null) return target.user_identifier;
  if (target.svc_id !== null) return `svc:${target.svc_id}`;
  return `device:${target.target_device ?? ''}`;
}

const secondsUntil = (iso: string, now: Date) => (new Date(iso).getTime() - now.getTime()) / 1000;

/**
 * Refuses a new svcfication to a subject (429 with Retry-After) while a fraud report of theirs is
 * recent, while they have too many open ones, or past the count per 10 minutes. Counted in the
 * database, so every instance sees the same numbers.
 */
export async function checkFatigue(
  deps: Pick<SvcficationsDeps, 'db' | 'clock' | 'config' | 'metrics'>,
  customerId: string,
  subject: string,
): Promise<void> {
  const { db, config } = deps;
  const now = deps.clock.now();
  const refuse = (reason: string, seconds: number, description: string) => {
    deps.metrics.svcficationsRefused.inc({ reason });
    return rateLimited(seconds, description);
  };
  const block = config.svcficationFraudBlockSeconds;
  if (block > 0) {
    const since = new Date(now.getTime() - block * 1000).toISOString();
    const reported = await lastFraudReport(db, customerId, subject, since);
    if (reported)
      throw refuse(
        'fraud',
        secondsUntil(reported, now) + block,
        'A device of this user reported a svcfication as fraud; new ones are refused for a while.',
      );
  }
  const openLimit = config.svcficationOpenLimit;
  if (openLimit > 0) {
    const open = await openExpiries(db, customerId, subject, now.toISOString());
    const soonest = open[open.length - openLimit];
    if (soonest)
      throw refuse('open', secondsUntil(soonest, now), `At most ${openLimit} may be open at once.`);
  }
  const windowLimit = config.svcficationWindowLimit;
  if (windowLimit > 0) {
    const since = new Date(now.getTime() - windowMs).toISOString();
    const recent = await createdSince(db, customerId, subject, since);
    const oldest = recent[recent.length - windowLimit];
    if (oldest)
      throw refuse(
        'window',
        secondsUntil(oldest, now) + windowMs / 1000,
        `At most ${windowLimit} per 10 minutes.`,
      );
  }
}
