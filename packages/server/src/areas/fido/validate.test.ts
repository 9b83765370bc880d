import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import { checkFields, checkLinkFields, domainNameProblem, redirectUriProblem } from './validate.js';

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

  it("check a link's callback URL and SMS number only when given, by the operator's settings", () => {
    const config = { allowInsecureCallbacks: false, fidoSmsRefusedPrefixes: '+882,+1900' };
    const problems = (input: Record<string, string>, overrides = {}) => {
      try {
        checkLinkFields({ ...config, ...overrides }, input);
        return null;
      } catch (error) {
        return (error as AppError).fieldErrors;
      }
    };
    expect(problems({})).toBeNull();
    expect(problems({ callback_url: 'https://rp.example/cb' })).toBeNull();
    expect(problems({ callback_url: 'http://localhost:9000/cb' })).toEqual({
      callback_url: [expect.any(String)],
    });
    const insecure = { allowInsecureCallbacks: true };
    expect(problems({ callback_url: 'http://localhost:9000/cb' }, insecure)).toBeNull();
    expect(problems({ callback_url: 'https://localhost.:9000/cb' })).not.toBeNull();
    expect(problems({ sms_phone_number: '+15551234567' })).toBeNull();
    expect(problems({ sms_phone_number: '+19005551234' })).toEqual({
      sms_phone_number: [
        'must not start with +1900: no SMS is sent to premium-rate or shared-cost numbers',
      ],
    });
    expect(
      problems({ sms_phone_number: '+8821234567' }, { fidoSmsRefusedPrefixes: '' }),
    ).toBeNull();
  });
});
