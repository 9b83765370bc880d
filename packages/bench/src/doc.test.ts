import { describe, expect, it } from 'vitest';
import { between, endMarker, renderResults, startMarker } from './doc.js';
import type { Results } from './run.js';

const results: Results = {
  date: '2026-12-01T23:59:00.000Z',
  seconds: 2,
  warmUp: 1,
  machine: { cpus: 2, cpu: 'Some CPU', memoryGb: 7.8, node: 'v20.19.0', loadAverage: 3.25 },
  notes: ['a note'],
  rows: [
    {
      name: 'sandbox verification',
      requests: 100,
      rps: 50,
      p50: 1,
      p99: 2,
      errors: 0,
      serverCpuUs: 60,
      floorUs: 30,
      floor: 'bare POST',
    },
  ],
  goals: [{ path: 'sandbox verification, × bare POST', value: 2, goal: '<= 2×', met: true }],
};

describe('the generated table of docs/performance.md', () => {
  it('shows the run, each row with its floor, ratio and rate per core, and the goals', () => {
    const text = renderResults(results).split('\n');
    expect(text[0]).toBe(
      'Run of 2026-12-01 23:59 UTC on 2 × Some CPU, 8 GB, Node.js v20.19.0, load average 3.3 at its end; 2 s per row after 1 s untimed.',
    );
    expect(text).toContain(
      '| sandbox verification | 50 | 1.00 | 2.00 | 0 | 60 | 30 | 2.00 | 16667 |',
    );
    expect(text).toContain('- a note');
    expect(text).toContain('| sandbox verification, × bare POST | 2.00 | <= 2× | met |');
  });

  it('replaces only what lies between the markers', () => {
    const doc = `# Title\n\n${startMarker}\nold\n${endMarker}\n\nafter\n`;
    expect(between(doc, 'new')).toBe(`# Title\n\n${startMarker}\n\nnew\n\n${endMarker}\n\nafter\n`);
    expect(between(between(doc, 'new'), 'new')).toBe(between(doc, 'new'));
    expect(() => between('# none', 'new')).toThrow(/lacks the markers/);
  });
});
