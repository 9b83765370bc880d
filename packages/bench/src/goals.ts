import { floorRatio, perCore, type BenchResult } from './run.js';

/** One line of the goals table: what was measured against what the project aims for. */
export interface Goal {
  path: string;
  /** The measured figure (a ratio to a floor, a rate per core, milliseconds); null when not measured. */
  value: number | null;
  goal: string;
  met: boolean | null;
}

/** The rows the goals are computed from, by scenario. */
export interface Measured {
  sandbox?: BenchResult;
  deviceGet?: BenchResult;
  trips?: BenchResult;
  fido?: BenchResult;
  oidc?: BenchResult;
  wake?: BenchResult;
  /** The long-poll wake when the RP calls one instance and the device waits on another. */
  wakeAcross?: BenchResult;
  quiet?: BenchResult;
  flooded?: BenchResult;
  peakRssMb?: number;
}

const known = (value: number | undefined): number | null => value ?? null;

function atLeast(path: string, value: number | null, goal: number, unit = ''): Goal {
  return { path, value, goal: `>= ${goal}${unit}`, met: value === null ? null : value >= goal };
}

function atMost(path: string, value: number | null, goal: number, unit: string): Goal {
  return { path, value, goal: `<= ${goal}${unit}`, met: value === null ? null : value <= goal };
}

/**
 * The goals of docs/performance.md: server CPU per operation against its floor measured in the
 * same run, rates per server core, and latencies.
 */
export function goals(m: Measured): Goal[] {
  // A quiet p99 under 1 ms counts as 1 ms: below that, timer jitter of either process decides.
  const versusQuiet = m.quiet && m.flooded ? m.flooded.p99 / Math.max(1, m.quiet.p99) : null;
  return [
    atMost('sandbox verification, × bare POST', known(m.sandbox && floorRatio(m.sandbox)), 2, '×'),
    atMost(
      'signed device read, × bare GET',
      known(m.deviceGet && floorRatio(m.deviceGet)),
      2.5,
      '×',
    ),
    atMost('push round trip, × its floor', known(m.trips && floorRatio(m.trips)), 2, '×'),
    atLeast('push round trip, per server core', known(perCore(m.trips?.serverCpuUs)), 150, '/s'),
    atLeast('FIDO finish, per server core', known(perCore(m.fido?.serverCpuUs)), 150, '/s'),
    atLeast(
      'OIDC passkey sign-in, per server core',
      known(perCore(m.oidc?.serverCpuUs)),
      150,
      '/s',
    ),
    atMost('long-poll wake p99', known(m.wake?.p99), 10, ' ms'),
    atMost('long-poll wake p99 across two instances', known(m.wakeAcross?.p99), 100, ' ms'),
    atMost('customer B p99 during a flood / quiet (floor 1 ms)', versusQuiet, 2, '×'),
    atMost('server peak RSS', known(m.peakRssMb), 300, ' MB'),
  ];
}

/** The goal's measured value as the tables show it. */
export const shown = (g: Goal): string => (g.value === null ? 'not measured' : g.value.toFixed(2));

/** The goal's verdict as the tables show it. */
export const verdictOf = (g: Goal): string => (g.met === null ? '' : g.met ? 'met' : 'NOT met');

export function printGoals(list: Goal[]): void {
  const width = Math.max(...list.map((g) => g.path.length));
  const lines = list.map(
    (g) =>
      `${g.path.padEnd(width)}  ${shown(g).padStart(12)}  ${g.goal.padEnd(10)}  ${verdictOf(g)}`,
  );
  const head = `${'goal'.padEnd(width)}  ${'measured'.padStart(12)}  target`;
  process.stdout.write(`\n${head}\n${lines.join('\n')}\n`);
}
