import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { StatementTimes } from '../core/store/index.js';

const session = new Session();

/** A CPU profile of this process between `start` and `stop`, as `node --cpu-prof` writes it. */
export const profiler = {
  async start(): Promise<void> {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  },
  async stop(file: string): Promise<void> {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  },
};

/**
 * The SQL statements of a scenario by total time, one line each: total ms, runs, µs per run, SQL.
 * Native SQLite time is one opaque frame in a CPU profile; this says which statement it was.
 */
export function writeStatementTimes(file: string, times: StatementTimes): void {
  const lines = [...times]
    .sort(([, a], [, b]) => b.micros - a.micros)
    .map(([sql, { runs, micros }]) =>
      [(micros / 1000).toFixed(1), runs, (micros / runs).toFixed(1), sql].join('\t'),
    );
  writeFileSync(file, `total ms\truns\tµs/run\tstatement\n${lines.join('\n')}\n`);
}
