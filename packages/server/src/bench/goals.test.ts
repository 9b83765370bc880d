import { describe, expect, it } from 'vitest';
import { goals } from './goals.js';
import type { BenchResult } from './run.js';

const row = (rps: number, serverCpuUs: number): BenchResult => ({
  name: 'row',
  requests: rps * 5,
  rps,
  p50: 1,
  p99: 2,
  errors: 0,
  serverCpuUs,
});

describe('goals', () => {
  const measured = { halfPeak: [], bareGet: row(40000, 20), core: row(20000, 40) };
  const byPath = (path: string) => goals(measured).find((g) => g.path.startsWith(path));

  it('shows the shared hooks alone as a reference beside the goals, never met or missed', () => {
    expect(byPath('svc GET /healthz')).toEqual({
      path: 'svc GET /healthz, the shared hooks alone / bare GET',
      value: 0.5,
      byCpu: 0.5,
      goal: '(none)',
      met: null,
    });
  });

  it("bounds the FIDO finish by SimpleWebAuthn's check alone, by CPU, as a reference", () => {
    const assertionCheck = row(3000, 300);
    const fidoBest = goals({ ...measured, barePost: row(36000, 30), assertionCheck }).find((g) =>
      g.path.startsWith('FIDO finish at best'),
    );
    expect(fidoBest).toMatchObject({ value: 0.1, byCpu: 0.1, goal: '(none)', met: null });
  });

  it('leaves unmeasured goals neither met nor missed', () => {
    expect(byPath('sandbox verification')).toMatchObject({ value: null, byCpu: null, met: null });
    expect(byPath('HMAC GET')).toMatchObject({ value: null, met: null });
  });

  it('judges a ratio against its goal', () => {
    const deviceGet = row(20000, 40);
    expect(goals({ ...measured, deviceGet }).find((g) => g.path.startsWith('HMAC GET'))).toEqual({
      path: 'HMAC GET /api/v2/devices/{id}, signed answer / bare GET',
      value: 0.5,
      byCpu: 0.5,
      goal: '>= 0.5',
      met: true,
    });
  });
});
