import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/store/index.js';
import type { AgencyRecord } from './match.js';
import { normalizeLicenseNumber } from './normalize.js';

/** The fake agency's records, keyed by normalized license number. */
export async function findRecord(db: Db, identificationId: string): Promise<AgencyRecord | null> {
  const key = normalizeLicenseNumber(identificationId);
  if (!key) return null;
  const row = await db
    .selectFrom('sandbox_records')
    .select('record')
    .where('identification_id', '=', key)
    .executeTakeFirst();
  return row ? (JSON.parse(row.record) as AgencyRecord) : null;
}

/**
 * Records written per transaction, and the pause after each: a server on the same SQLite file
 * waits for one batch, then finds the lock free (SQLite's busy wait backs off up to 100 ms between
 * tries, so back-to-back batches would keep it out).
 */
const importBatch = 1000;
const importPauseMs = 150;

/**
 * Inserts or replaces records, all checked before any is written, in transactions of
 * `importBatch`; returns how many were written. An import stopped halfway is completed by running
 * it again (each record replaces its own).
 */
export async function importRecords(
  db: Db,
  clock: Clock,
  records: readonly AgencyRecord[],
): Promise<number> {
  const now = clock.now().toISOString();
  const rows = records.map((record) => {
    const key = normalizeLicenseNumber(record.identification_id);
    if (!key) throw new Error('every record needs an identification_id');
    return { identification_id: key, record: JSON.stringify(record), updated_at: now };
  });
  for (let at = 0; at < rows.length; at += importBatch) {
    if (at > 0) await sleep(importPauseMs);
    await db.transaction().execute(async (tx) => {
      for (const row of rows.slice(at, at + importBatch))
        await tx
          .insertInto('sandbox_records')
          .values(row)
          .onConflict((oc) =>
            oc.column('identification_id').doUpdateSet({ record: row.record, updated_at: now }),
          )
          .execute();
    });
  }
  return records.length;
}
