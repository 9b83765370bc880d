import { EventEmitter } from 'node:events';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { dueMs, pacedCount, printTable, refreshing, warmUpSeconds, writeResults } from './run.js';

describe('dueMs', () => {
  const rate = 1000;
  const rising = (rate * warmUpSeconds) / 2;

  it('raises the rate from zero over the warm-up, then holds it', () => {
    expect(dueMs(0, rate)).toBe(0);
    expect(dueMs(rising, rate)).toBe(warmUpSeconds * 1000);
    // Near the end of the warm-up requests come almost at the full rate; early ones far apart.
    expect(dueMs(1, rate) - dueMs(0, rate)).toBeGreaterThan(50);
    expect(dueMs(rising - 1, rate) - dueMs(rising - 2, rate)).toBeLessThan(1.01);
    expect(dueMs(rising + 10, rate) - dueMs(rising + 9, rate)).toBeCloseTo(1000 / rate);
  });

  it('never schedules a request before the one ahead of it', () => {
    for (let i = 1; i < rising * 2; i++) expect(dueMs(i, rate)).toBeGreaterThan(dueMs(i - 1, rate));
  });
});

describe('refreshing', () => {
  it("sets a connection's headers once, and again only when the fresh ones change", () => {
    let fresh = { authorization: 'one' };
    const client = Object.assign(new EventEmitter(), { setHeaders: vi.fn() });
    refreshing({ accept: 'x' }, () => fresh)(client);
    expect(client.setHeaders).toHaveBeenLastCalledWith({ accept: 'x', authorization: 'one' });
    client.emit('response');
    client.emit('response');
    expect(client.setHeaders).toHaveBeenCalledTimes(1);
    fresh = { authorization: 'two' };
    client.emit('response');
    expect(client.setHeaders).toHaveBeenCalledTimes(2);
    expect(client.setHeaders).toHaveBeenLastCalledWith({ accept: 'x', authorization: 'two' });
  });
});

describe('pacedCount', () => {
  it('counts the requests dueMs puts in the warm-up, then rate × seconds', () => {
    const { warmUp, total } = pacedCount(1000, 5);
    expect(dueMs(warmUp - 1, 1000)).toBeLessThan(warmUpSeconds * 1000);
    expect(dueMs(warmUp, 1000)).toBe(warmUpSeconds * 1000);
    expect(total - warmUp).toBe(5000);
  });
});

describe('printTable', () => {
  it('prints server CPU per operation, its floor, the ratio and the rate per core, blank where unmeasured', () => {
    const written: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const row = { requests: 10, rps: 2, p50: 1, p99: 2, errors: 0 };
      printTable(
        [
          { name: 'measured', ...row, serverCpuUs: 125, floorUs: 50, floor: 'bare POST' },
          { name: 'paced apart', ...row },
        ],
        [],
      );
    } finally {
      write.mockRestore();
    }
    const [head = '', , measured = '', paced = ''] = written.join('').split('\n');
    expect(head).toMatch(/server CPU µs\/op {2}floor µs\/op {2}× floor {2}per core \/s$/);
    expect(measured).toMatch(/ 125 {2,}50 {2,}2\.50 {2,}8000$/);
    expect(paced.trimEnd()).toMatch(/ 0$/);
  });
});

describe('writeResults', () => {
  it('writes a partial run beside the full one, never over it', () => {
    const bench = join(import.meta.dirname, '../../../bench');
    const full = () => readFileSync(join(bench, 'results.json'), 'utf8');
    const before = full();
    const row = { name: 'one row', requests: 1, rps: 1, p50: 1, p99: 1, errors: 0 };
    const run = { seconds: 1, warmUp: 0, notes: [], rows: [row], goals: [] };
    try {
      expect(writeResults(run, true)).toBe('bench/results-partial.json');
      const written = JSON.parse(readFileSync(join(bench, 'results-partial.json'), 'utf8'));
      expect(written.rows).toEqual([row]);
      expect(full()).toBe(before);
    } finally {
      rmSync(join(bench, 'results-partial.json'), { force: true });
    }
  });
});
