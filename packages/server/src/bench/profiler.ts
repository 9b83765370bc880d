import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
export type StatementTimes = Map<string, { runs: number; micros: number }>;

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
 * The SQL statements of a scenario by total time, one line each: total ms, runs, µs per run, SQL;
 * first, the statements and SQL time per operation of the scenario (a count that, unlike the
 * times, does not move with other work on the machine). Native SQLite time is one opaque frame in
 * a CPU profile; this says which statement it was.
 */
export function statementReport(times: StatementTimes, operations: number): string {
  const all = [...times.values()];
  const runs = all.reduce((sum, t) => sum + t.runs, 0);
  const micros = all.reduce((sum, t) => sum + t.micros, 0);
  const perOp = (n: number) => (operations > 0 ? n / operations : 0);
  const lines = [...times]
    .sort(([, a], [, b]) => b.micros - a.micros)
    .map(([sql, { runs, micros }]) =>
      [(micros / 1000).toFixed(1), runs, (micros / runs).toFixed(1), sql].join('\t'),
    );
  return [
    `# ${operations} operations: ${perOp(runs).toFixed(1)} statements and ${perOp(micros).toFixed(0)} µs of SQL each`,
    'total ms\truns\tµs/run\tstatement',
    ...lines,
    '',
  ].join('\n');
}
