import { describe, expect, it } from 'vitest';
import { jsonBoundsProblem } from './json-bounds.js';

const nested = (levels: number): unknown => (levels === 0 ? 'leaf' : { a: nested(levels - 1) });

describe('jsonBoundsProblem', () => {
  it('accepts ordinary objects up to the bounds', () => {
    expect(jsonBoundsProblem({ order: 42, tags: ['a', 'b'], meta: { x: null } })).toBeNull();
    expect(jsonBoundsProblem(nested(16))).toBeNull();
  });

  it('names depth, key count and size beyond the bounds', () => {
    expect(jsonBoundsProblem(nested(17))).toMatch(/nest deeper than 16/);
    expect(jsonBoundsProblem(nested(10_000))).toMatch(/nest deeper than 16/);
    const many = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i]));
    expect(jsonBoundsProblem(many)).toMatch(/more than 256 keys/);
    expect(jsonBoundsProblem({ text: 'x'.repeat(17_000) })).toMatch(/exceed 16384 bytes/);
  });
});
