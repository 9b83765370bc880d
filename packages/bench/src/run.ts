import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import autocannon from 'autocannon';
import type { ApartRequest } from './load-process.js';
import type { Goal } from './goals.js';
import type { PacedOptions } from './paced-load.js';

/** The sandbox verification the bench sends: a predefined case of the specification's table. */
export const verificationBody = JSON.stringify({
  aamva: {
    identification_id: 'DL000001',
    person_given_name: 'STEVEN',
    person_sur_name: 'BROWN',
    person_birth_date: '19800115',
  },
});

/** That verification as a request to the svc at `baseUrl`, with a customer's sandbox token. */
export const verificationRequest = (baseUrl: string, token: string) => ({
  url: `${baseUrl}/api/v2/verifications`,
  method: 'POST' as const,
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: verificationBody,
});

export interface BenchResult {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time of the server process per request (or round trip), in microseconds. */
  serverCpuUs?: number;
  /** CPU time of the load generator (the bench's own process) per request (or round trip), in µs. */
  loadCpuUs?: number;
  /** The floor's CPU per operation, in µs: the work the operation cannot do without. */
  floorUs?: number;
  /** What that floor is made of. */
  floor?: string;
}

export interface LoadOptions {
  name: string;
  url: string;
  seconds: number;
  connections: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /**
   * Headers that change now and then (a signature remade each second), added to `headers`: the
   * same object until they change. A connection rebuilds its request only then, not per request.
   */
  freshHeaders?: () => Record<string, string>;
}

/** Keeps a connection's request headers up to date with `fresh`, checked after each answer. */
export function refreshing(
  fixed: Record<string, string> | undefined,
  fresh: () => Record<string, string>,
) {
  return (client: {
    setHeaders(headers: Record<string, string>): void;
    on(event: 'response', listener: () => void): unknown;
  }) => {
    let current = fresh();
    client.setHeaders({ ...fixed, ...current });
    client.on('response', () => {
      const now = fresh();
      if (now === current) return;
      current = now;
      client.setHeaders({ ...fixed, ...now });
    });
  };
}

/** Runs one bounded load, as fast as the server answers, against a loopback URL. */
export async function load(options: LoadOptions): Promise<BenchResult> {
  const result = await autocannon({
    url: options.url,
    duration: options.seconds,
    connections: options.connections,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    setupClient: options.freshHeaders && refreshing(options.headers, options.freshHeaders),
  });
  const bad = result.errors + result.non2xx;
  return {
    name: options.name,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: bad,
  };
}

/**
 * A load in a process of its own (`load-process.ts`): its client loop and its heap, and so its
 * garbage collector's pauses, are not the bench's.
 */
export function apart(request: ApartRequest): Promise<unknown> {
  const child = fork(new URL('./load-process.js', import.meta.url));
  return new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`load process exited with ${code}`)));
    child.send(request);
  });
}

/**
 * Seconds that warm a load's own process (its connections and its compiled code) before it counts.
 * Cold, a client falls behind a rate of thousands a second for about a second, and each request
 * queued behind that backlog would count its wait as the server's.
 */
export const warmUpSeconds = 2;

/** When paced request `i` is due, in ms from the start: the rate rises from 0 over the warm-up. */
export function dueMs(i: number, rate: number): number {
  const warmUpMs = warmUpSeconds * 1000;
  const rising = (rate * warmUpSeconds) / 2; // requests sent while the rate rises
  return i < rising
    ? Math.sqrt((2 * warmUpMs * i * 1000) / rate)
    : warmUpMs + ((i - rising) * 1000) / rate;
}

/** How many paced requests a run sends: `warmUp` while the rate rises (not counted), `total` in all. */
export function pacedCount(rate: number, seconds: number): { warmUp: number; total: number } {
  const warmUp = Math.ceil((rate * warmUpSeconds) / 2); // as many as dueMs puts in it
  return { warmUp, total: warmUp + Math.floor(rate * seconds) };
}

/** A steady-rate load with exact latencies, apart. */
export const pacedApart = (paced: PacedOptions) => apart({ paced }) as Promise<BenchResult>;

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** One row from the latencies (ms) of a custom loop that ran for `seconds`. */
export function summarize(
  name: string,
  latencies: number[],
  seconds: number,
  errors: number,
): BenchResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors,
  };
}

/** Operations a second that one core of the server does at `cpuUs` of CPU each. */
export const perCore = (cpuUs?: number): number | undefined =>
  cpuUs ? 1_000_000 / cpuUs : undefined;

/** The row's server CPU per operation over its floor's. */
export const floorRatio = (row: BenchResult): number | undefined =>
  row.serverCpuUs && row.floorUs ? row.serverCpuUs / row.floorUs : undefined;

/** The table's columns, the same in the terminal and in docs/performance.md. */
export const columns = [
  'scenario',
  'ops/s',
  'p50 ms',
  'p99 ms',
  'errors',
  'server CPU µs/op',
  'floor µs/op',
  '× floor',
  'per core /s',
] as const;

/** A row's cells, in the order of `columns`. */
export function cells(r: BenchResult): string[] {
  const fixed = (value: number | undefined, digits = 0) =>
    value === undefined ? '' : value.toFixed(digits);
  return [
    r.name,
    r.rps.toFixed(0),
    r.p50.toFixed(2),
    r.p99.toFixed(2),
    String(r.errors),
    fixed(r.serverCpuUs),
    fixed(r.floorUs),
    fixed(floorRatio(r), 2),
    fixed(perCore(r.serverCpuUs)),
  ];
}

export function printTable(rows: BenchResult[], notes: string[]): void {
  const head = [...columns];
  const lines = rows.map(cells);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (line: string[]) =>
    line
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  process.stdout.write(
    `${fmt(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${lines.map(fmt).join('\n')}\n\n${notes.join('\n')}\n`,
  );
}

/** The repository's root directory, as a URL (this file is in packages/bench/{src,dist}). */
export const repository = new URL('../../../', import.meta.url);

/** What `bench/results.json` holds: a run's settings, the machine, every row and the goals. */
export interface Results {
  date: string;
  seconds: number;
  warmUp: number;
  machine: {
    cpus: number;
    cpu: string;
    memoryGb: number;
    node?: string;
    /** The machine's 1-minute load average as the run ended: other work sharing its cores. */
    loadAverage?: number;
  };
  notes: string[];
  rows: BenchResult[];
  goals: Goal[];
}

/**
 * Writes a run's settings, the machine, every row and the goals as JSON: `bench/results.json`
 * for a full run, and for a run of some scenarios (`--only`) `bench/results-partial.json` (not
 * committed), so a partial run never replaces the full one. Returns the file's path, relative to
 * the repository.
 */
export function writeResults(run: Omit<Results, 'date' | 'machine'>, partial: boolean): string {
  const machine = {
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? '',
    memoryGb: totalmem() / 2 ** 30,
    node: process.version,
    loadAverage: loadavg()[0] ?? 0,
  };
  const results: Results = { date: new Date().toISOString(), ...run, machine };
  mkdirSync(new URL('bench/', repository), { recursive: true });
  const file = partial ? 'bench/results-partial.json' : 'bench/results.json';
  writeFileSync(new URL(file, repository), `${JSON.stringify(results, null, 2)}\n`);
  return file;
}
