import type { SvcficationsTable } from '../../core/store/schema.js';
import type { Svcfication } from './schemas.js';

type Timing = Pick<SvcficationsTable, 'status' | 'expires_at'>;

/** An open request past its expiry reads EXPIRED everywhere, before the sweeper writes it. */
export function effectiveStatus(row: Timing, now: Date): Svcfication['status'] {
  return row.status === 'IN_PROGRESS' && row.expires_at <= now.toISOString()
    ? 'EXPIRED'
    : row.status;
}

export function isOpen(row: Timing, now: Date): boolean {
  return effectiveStatus(row, now) === 'IN_PROGRESS';
}

/** ACCEPTED when the achieved level is the desired one, else at a higher or lower level. */
export function acceptedStatus(achieved: number, desired: number): Svcfication['status'] {
  return achieved === desired
    ? 'ACCEPTED'
    : achieved > desired
      ? 'ACCEPTED_AT_HIGHER_LEVEL'
      : 'ACCEPTED_AT_LOWER_LEVEL';
}
