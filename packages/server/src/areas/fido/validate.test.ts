import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import { callbackProblem, checkFields, domainNameProblem, redirectUriProblem } from './validate.js';

describe('domain names (WebAuthn RP IDs)', () => {
  it.each([
    'localhost',
    'acme.test',
    'login.acme-corp.example',
    'a.b.c.d.e',
    'xn--bcher-kva.example',
  ])('accepts %s', (name) => {
    expect(domainNameProblem(name)).toBeNull();
  });
  it.each([
    '',
    'https://acme.test',
    'acme.test:443',
    'acme.test/login',
    'Acme.Test',
    '-acme.test',
    'acme..test',
    '127.0.0.1',
    '[::1]',
    '::1',
    'acme.123',
    `${'a'.repeat(64)}.test`,
    'a_b.test',
    'acme.test.',
  ])('refuses %j', (name) => {
    expect(domainNameProblem(name)).toEqual(expect.any(String));
  });
});

describe('redirect URIs', () => {
  it.each([
    'https://acme.test/done',
    'https://acme.test:8443/a?b=c#d',
    'http://localhost:3000/cb',
    'http://127.0.0.1/cb',
    'http://[::1]:8080/',
    'http://localhost.:3000/cb',
    'http://127.0.0.1./cb',
    'https://acme.test./done',
  ])('accepts %s', (uri) => {
    expect(redirectUriProblem(uri)).toBeNull();
  });
  it.each([
    '/done',
    'acme.test/done',
    'javascript:alert(1)',
    'data:text/html,x',
    'http://acme.test/',
    'http://acme.test./',
    'http://localhost.acme.test/',
    'https://u:p@acme.test/',
    'ftp://acme.test/',
  ])('refuses %j', (uri) => {
    expect(redirectUriProblem(uri)).toEqual(expect.any(String));
  });
});

describe('field checks', () => {
  it('throw one 400 naming every bad field, and nothing when all are fine', () => {
    expect(() => checkFields({ a: null, b: undefined })).not.toThrow();
    const error = (() => {
      try {
        checkFields({ a: 'is bad', b: null, c: 'is worse' });
      } catch (err) {
        return err;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).body()).toMatchObject({
      error: 'MISSING_FIELDS',
      field_errors: { a: ['is bad'], c: ['is worse'] },
    });
  });

  it("check callback URLs only when given, with the operator's insecure switch", () => {
    expect(callbackProblem(undefined, false)).toBeNull();
    expect(callbackProblem('https://rp.example/cb', false)).toBeNull();
    expect(callbackProblem('http://localhost:9000/cb', false)).toEqual(expect.any(String));
    expect(callbackProblem('http://localhost:9000/cb', true)).toBeNull();
    expect(callbackProblem('https://localhost.:9000/cb', false)).toEqual(expect.any(String));
  });
});
