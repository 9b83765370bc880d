import { parseSvcAuthorization, svcAuthorization } from '@svc/wire';
import { describe, expect, it } from 'vitest';
import { signingGets } from './signed-get.js';

/** A signer of GET /api/v2/devices/d?x=1 on a clock the test sets. */
function signer() {
  const clock = { now: new Date('2026-01-02T03:04:05.100Z') };
  const path = '/api/v2/devices/d?x=1';
  const signed = signingGets({ token: 'a.b.c', secret: 'shh' }, path, () => clock.now);
  return { clock, path, signed };
}

describe('signingGets', () => {
  it('signs GET of the path, query included, at the current second', () => {
    const { path, signed } = signer();
    const { date, authorization } = signed();
    expect(date).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
    const parts = { method: 'GET', body: '', contentType: '', date, path };
    expect(authorization).toBe(svcAuthorization('a.b.c', 'shh', parts));
    expect(parseSvcAuthorization(authorization)?.token).toBe('a.b.c');
  });

  it('keeps the signature within the second and remakes it with the next', () => {
    const { clock, signed } = signer();
    const first = signed();
    clock.now = new Date('2026-01-02T03:04:05.900Z');
    expect(signed()).toBe(first);
    clock.now = new Date('2026-01-02T03:04:06.000Z');
    const next = signed();
    expect(next.date).toBe('Fri, 02 Jan 2026 03:04:06 GMT');
    expect(next.authorization).not.toBe(first.authorization);
  });
});
