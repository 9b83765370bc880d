import { describe, expect, it } from 'vitest';
import { jsonTextProblem, textProblem } from './text.js';

describe('text a field may hold', () => {
  it('refuses NUL and lone surrogates, accepts pairs', () => {
    expect(textProblem('plain é 😀')).toBeNull();
    for (const bad of ['a\u0000', '\ud800', 'x\udfff', '\ude00\ud83d'])
      expect(textProblem(bad), escape(bad)).toEqual(expect.any(String));
  });

  it('looks at every key and value of parsed JSON, however deep', () => {
    expect(jsonTextProblem({ a: ['b', { c: 'd' }], n: 1, z: null })).toBeNull();
    expect(jsonTextProblem({ a: [1, { '\ud800': true }] })).toMatch(/surrogate/);
    expect(jsonTextProblem({ a: [1, { b: 'ok\u0000' }] })).toMatch(/NUL/);
    const deep = JSON.parse('['.repeat(200_000) + '"\\udc00"' + ']'.repeat(200_000)) as unknown;
    expect(jsonTextProblem(deep)).toMatch(/surrogate/);
  });
});
