import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers.js';

// At most two long polls per client address.
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ longPollsPerAddress: 2 });
});
afterAll(async () => t.close());

const newCode = async () =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/svccodes',
      payload: { relying_party_id: t.customer.id },
    })
  ).json<{ id: string }>().id;
const poll = (id: string, remoteAddress: string) =>
  t.app.inject({ method: 'GET', url: `/api/v2/svccodes/${id}?wait=1`, remoteAddress });

describe('long polls', () => {
  it('beyond the cap per client address → 429; other addresses and later polls are served', async () => {
    const id = await newCode();
    // inject() starts a request when it is awaited: these two start now and hold their answers.
    const held = [poll(id, '10.1.0.1'), poll(id, '10.1.0.1')].map((p) => Promise.resolve(p));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const refused = await poll(id, '10.1.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect(refused.headers['retry-after']).toBe('5');
    expect((await poll(id, '10.1.0.2')).statusCode).toBe(200);
    expect((await Promise.all(held)).map((r) => r.statusCode)).toEqual([200, 200]);
    // Their places are given back once answered.
    expect((await poll(id, '10.1.0.1')).statusCode).toBe(200);
  });
});
