import { describe, expect, it } from 'vitest';
import { jsonTextProblem, textProblem } from './text.js';

describe('text a field may hold', () => {
  it('refuses NUL and lone surrogates, accepts pairs', () => {
    expect(textProblem('plain é 😀')).toBeNull();
    for (const bad of ['a\u0000', '\ud800', 'x\udfff', '\ude00\ud83d'])
      expect(textProblem(bad), escape(bad)).toEqual(expect.any(String));
  });

  it('looks at every key and value of parsed JSON, however deep', () => {
    const check = (value: unknown) => jsonTextProblem(JSON.stringify(value), value);
    expect(check({ a: ['b', { c: 'd' }], n: 1, z: null })).toBeNull();
    expect(check({ a: [1, { '\ud800': true }] })).toMatch(/surrogate/);
    expect(check({ a: [1, { b: 'ok\u0000' }] })).toMatch(/NUL/);
    const text = '['.repeat(200_000) + '"\\udc00"' + ']'.repeat(200_000);
    expect(jsonTextProblem(text, JSON.parse(text))).toMatch(/surrogate/);
  });

  it('passes look-alike escapes, surrogate pairs and text without escapes', () => {
    // The first two are walked (their text has a matching escape) and found fine.
    expect(jsonTextProblem('{"a":"\\\\u0000"}', { a: '\\u0000' })).toBeNull();
    expect(jsonTextProblem('"\\ud83d\\ude00"', '\ud83d\ude00')).toBeNull();
    const plain = '{"name":"é 😀","n":[1,2]}';
    expect(jsonTextProblem(plain, JSON.parse(plain))).toBeNull();
  });
});
