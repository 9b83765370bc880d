import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isDate8, isDateTime, registerValidation } from './validation.js';

describe('body validation', () => {
  it('a date-time must be a real instant within the years 0000–9999 in UTC', () => {
    expect(isDateTime('2030-01-02T03:04:05Z')).toBe(true);
    expect(isDateTime('9999-12-31T23:59:59Z')).toBe(true);
    expect(isDateTime('9999-12-31T23:59:59-23:59')).toBe(false); // the year 10000 in UTC
    expect(isDateTime('0000-01-01T00:00:00+01:00')).toBe(false); // the year -1 in UTC
    expect(isDateTime('2030-12-31T23:59:60Z')).toBe(false);
    expect(isDateTime('2030-02-30T10:00:00Z')).toBe(false);
    expect(isDateTime('0000-01-01T00:00:00Z')).toBe(true);
    expect(isDateTime('0099-12-31T23:59:59Z')).toBe(true);
  });

  it('a date8 must be eight digits that name a real calendar day', () => {
    for (const day of ['19800115', '20000229', '20240229', '19991231', '00000101', '00991231'])
      expect(isDate8(day), day).toBe(true);
    for (const day of [
      '19000229', // not a leap year: divisible by 100, not by 400
      '20230229',
      '20240230',
      '20240431',
      '20241301',
      '20240001',
      '20240100',
      '2024011',
      '202401155',
      '2024-1-15',
      '２０２４０１１５', // full-width digits
      '2024 115',
      '',
    ])
      expect(isDate8(day), day).toBe(false);
    // Every day of four years, one of them a leap year, agrees with JavaScript's calendar.
    for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000) {
      const text = new Date(t).toISOString().slice(0, 10).replace(/-/g, '');
      expect(isDate8(text), text).toBe(true);
    }
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
