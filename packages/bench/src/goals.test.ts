import { describe, expect, it } from 'vitest';
import { goals } from './goals.js';
import type { BenchResult } from './run.js';

const row = (serverCpuUs: number, floorUs?: number, p99 = 2): BenchResult => ({
  name: 'row',
  requests: 100,
  rps: 20,
  p50: 1,
  p99,
  errors: 0,
  serverCpuUs,
  ...(floorUs ? { floorUs } : {}),
});

const byPath = (list: ReturnType<typeof goals>, path: string) =>
  list.find((g) => g.path.startsWith(path));

describe('goals', () => {
  it('judges server CPU against the floor of the same run', () => {
    const list = goals({ sandbox: row(50, 30), deviceGet: row(80, 30) });
    expect(byPath(list, 'sandbox')).toEqual({
      path: 'sandbox verification, × bare POST',
      value: 50 / 30,
      goal: '<= 2×',
      met: true,
    });
    expect(byPath(list, 'signed device read')).toMatchObject({ value: 80 / 30, met: false });
  });

  it('turns server CPU per operation into a rate per core', () => {
    const list = goals({ trips: row(5000, 1000), fido: row(8000) });
    expect(byPath(list, 'push round trip, per')).toMatchObject({ value: 200, met: true });
    expect(byPath(list, 'push round trip, ×')).toMatchObject({ value: 5, met: false });
    expect(byPath(list, 'FIDO finish')).toMatchObject({ value: 125, goal: '>= 150/s', met: false });
  });

  it('leaves unmeasured goals neither met nor missed', () => {
    const list = goals({});
    for (const goal of list) expect(goal).toMatchObject({ value: null, met: null });
  });

  it("compares customer B's p99 during a flood with its quiet one, floored at 1 ms", () => {
    const list = goals({ quiet: row(1, undefined, 0.4), flooded: row(1, undefined, 1.5) });
    expect(byPath(list, 'customer B')).toMatchObject({ value: 1.5, met: true });
  });
});
