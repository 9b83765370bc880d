import { DeviceClient } from '@svc/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFetch, testApp, type TestApp } from '../helpers.js';
import { errorOf } from '../identity.kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ rateLimitAuthFailuresPerAddress: 3 });
});
afterAll(async () => t.close());

describe('guessed enrollment codes', () => {
  it('count as failed authentications of the address: past the limit they are 429', async () => {
    const guess = (code: string) =>
      errorOf(
        DeviceClient.enroll(code, {
          baseUrl: 'http://svc',
          fetch: injectFetch(t.app),
          now: () => t.clock.now(),
        }),
      );
    const answers = [];
    for (const code of ['a1', 'a2', 'a3', 'a4']) answers.push((await guess(code))?.error);
    expect(answers).toEqual([
      'ENROLLMENT_CODE_INVALID',
      'ENROLLMENT_CODE_INVALID',
      'ENROLLMENT_CODE_INVALID',
      'RATE_LIMITED',
    ]);
  });
});
