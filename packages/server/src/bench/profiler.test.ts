import { describe, expect, it } from 'vitest';
import type { StatementTimes } from './profiler.js';
import { statementReport } from './profiler.js';

describe('statementReport', () => {
  it('opens with the statements and SQL time per operation, then lists statements by total time', () => {
    const times: StatementTimes = new Map([
      ['select 1', { runs: 40, micros: 800 }],
      ['insert into t values (?)', { runs: 10, micros: 1200 }],
    ]);
    expect(statementReport(times, 10).split('\n')).toEqual([
      '# 10 operations: 5.0 statements and 200 µs of SQL each',
      'total ms\truns\tµs/run\tstatement',
      '1.2\t10\t120.0\tinsert into t values (?)',
      '0.8\t40\t20.0\tselect 1',
      '',
    ]);
  });

  it('reports nothing per operation when no operation completed', () => {
    expect(statementReport(new Map(), 0)).toContain('# 0 operations: 0.0 statements and 0 µs');
  });
});
