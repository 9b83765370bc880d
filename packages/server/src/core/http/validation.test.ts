import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isDateTime, registerValidation } from './validation.js';

describe('body validation', () => {
  it('a date-time must be a real instant within the years 0000–9999 in UTC', () => {
    expect(isDateTime('2030-01-02T03:04:05Z')).toBe(true);
    expect(isDateTime('9999-12-31T23:59:59Z')).toBe(true);
    expect(isDateTime('9999-12-31T23:59:59-23:59')).toBe(false); // the year 10000 in UTC
    expect(isDateTime('0000-01-01T00:00:00+01:00')).toBe(false); // the year -1 in UTC
    expect(isDateTime('2030-12-31T23:59:60Z')).toBe(false);
    expect(isDateTime('2030-02-30T10:00:00Z')).toBe(false);
  });

  it('a number too large for a double (Infinity once parsed) is refused', async () => {
    const app = Fastify();
    registerValidation(app);
    app.post(
      '/n',
      { schema: { body: { type: 'object', properties: { n: { type: 'number' } } } } },
      async () => ({ ok: true }),
    );
    const send = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/n',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    expect((await send('{"n":1e308}')).statusCode).toBe(200);
    expect((await send('{"n":1e309}')).statusCode).toBe(400);
    await app.close();
  });
});
