import type { BenchResult } from './run.js';

/** One line of the goals table: what was measured against what the project aims for. */
export interface Goal {
  path: string;
  /** The measured figure (a ratio, milliseconds or megabytes); null when not measured. */
  value: number | null;
  /** The same ratio by the server's CPU time per operation (robust to other work on the machine). */
  byCpu?: number | null;
  goal: string;
  met: boolean | null;
}

/** The figures the goals are computed from, by scenario. */
export interface Measured {
  barePost?: BenchResult;
  bareGet?: BenchResult;
  /** svc's `/healthz`: the shared hooks alone, the ceiling of every ratio to a bare route. */
  core?: BenchResult;
  sandbox?: BenchResult;
  deviceGet?: BenchResult;
  trips?: BenchResult;
  tripsFilled?: BenchResult;
  fido?: BenchResult;
  /** SimpleWebAuthn's assertion check alone, in the bench's process: the FIDO finish's floor. */
  assertionCheck?: BenchResult;
  wake?: BenchResult;
  quiet?: BenchResult;
  flooded?: BenchResult;
  /** B quiet again, right before the bad-token flood (the last scenario). */
  quietLater?: BenchResult;
  badFlooded?: BenchResult;
  halfPeak: BenchResult[];
  peakRssMb?: number;
}

function ratio(a: BenchResult | undefined, b: BenchResult | undefined, times = 1): number | null {
  return a && b && b.rps > 0 ? (a.rps * times) / b.rps : null;
}

/** How many operations of `a` the server's CPU does in the time of `times` of `b`. */
function cpuRatio(
  a: BenchResult | undefined,
  b: BenchResult | undefined,
  times = 1,
): number | null {
  return a?.serverCpuUs && b?.serverCpuUs ? (b.serverCpuUs * times) / a.serverCpuUs : null;
}

function atLeast(path: string, value: number | null, goal: number, byCpu?: number | null): Goal {
  const met = value === null ? null : value >= goal;
  return { path, value, ...(byCpu === undefined ? {} : { byCpu }), goal: `>= ${goal}`, met };
}

/** A figure that is not a goal, shown beside them: what the ratios above are bounded by. */
function reference(path: string, value: number | null, byCpu: number | null): Goal {
  return { path, value, byCpu, goal: '(none)', met: null };
}

function atMost(path: string, value: number | null, goal: number, unit: string): Goal {
  return { path, value, goal: `<= ${goal}${unit}`, met: value === null ? null : value <= goal };
}

export function goals(m: Measured): Goal[] {
  const worstHalfPeak = m.halfPeak.length > 0 ? Math.max(...m.halfPeak.map((r) => r.p99)) : null;
  // A quiet p99 under 1 ms counts as 1 ms: below that, timer jitter of either process decides.
  // A rate of checks in one process on both cores compares with no route's: by CPU only.
  const fidoAtBest = cpuRatio(m.assertionCheck, m.barePost);
  const versusQuiet = (r?: BenchResult, quiet = m.quiet) =>
    quiet && r ? r.p99 / Math.max(1, quiet.p99) : null;
  return [
    atLeast(
      'sandbox verification / bare POST',
      ratio(m.sandbox, m.barePost),
      0.6,
      cpuRatio(m.sandbox, m.barePost),
    ),
    atLeast(
      'HMAC GET /api/v2/devices/{id}, signed answer / bare GET',
      ratio(m.deviceGet, m.bareGet),
      0.5,
      cpuRatio(m.deviceGet, m.bareGet),
    ),
    atLeast(
      'svcfication round trip × 4 / bare GET',
      ratio(m.trips, m.bareGet, 4),
      0.2,
      cpuRatio(m.trips, m.bareGet, 4),
    ),
    atLeast(
      'FIDO finish-authentication / bare POST',
      ratio(m.fido, m.barePost),
      0.15,
      cpuRatio(m.fido, m.barePost),
    ),
    atMost('long-poll wake p99', m.wake?.p99 ?? null, 10, ' ms'),
    atLeast(
      'round trip, 1,000,000 svcfications stored / empty',
      ratio(m.tripsFilled, m.trips),
      0.9,
    ),
    atMost('p99 of each route at half its peak rate (worst)', worstHalfPeak, 20, ' ms'),
    atMost('server RSS under sustained load (peak)', m.peakRssMb ?? null, 300, ' MB'),
    atMost('customer B p99 during a flood / quiet (floor 1 ms)', versusQuiet(m.flooded), 2, '×'),
    atMost(
      'customer B p99 during a bad-token flood / quiet (floor 1 ms)',
      versusQuiet(m.badFlooded, m.quietLater),
      2,
      '×',
    ),
    reference(
      'svc GET /healthz, the shared hooks alone / bare GET',
      ratio(m.core, m.bareGet),
      cpuRatio(m.core, m.bareGet),
    ),
    reference(
      "FIDO finish at best: SimpleWebAuthn's check alone / bare POST, by CPU",
      fidoAtBest,
      fidoAtBest,
    ),
  ];
}

export function printGoals(list: Goal[]): void {
  const width = Math.max(...list.map((g) => g.path.length));
  const lines = list.map((g) => {
    const value = g.value === null ? 'not measured' : g.value.toFixed(2);
    const byCpu = g.byCpu ? g.byCpu.toFixed(2) : '';
    const verdict = g.met === null ? '' : g.met ? 'met' : 'NOT met';
    return `${g.path.padEnd(width)}  ${value.padStart(12)}  ${byCpu.padStart(10)}  ${g.goal.padEnd(9)}  ${verdict}`;
  });
  const head = `${'goal'.padEnd(width)}  ${'measured'.padStart(12)}  ${'by CPU'.padStart(10)}  target`;
  process.stdout.write(`\n${head}\n${lines.join('\n')}\n`);
  process.stdout.write(
    'by CPU: the same ratio from the server CPU time per operation (less distorted by other work)\n' +
      '(none): not a goal but a ceiling: /healthz answers through the hooks every route shares and does nothing else;\n' +
      "  SimpleWebAuthn's check is the FIDO finish's assertion check without its HTTP and SQL\n",
  );
}
