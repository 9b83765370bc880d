import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const request = { aamva: { identification_id: 'DL000001', person_given_name: 'STEVEN' } };
const verify = (body: unknown, token: string | null) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/verifications',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as object,
  });

describe('authentication', () => {
  it('401 with WWW-Authenticate: Bearer without a token', async () => {
    const res = await verify(request, null);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json()).toMatchObject({ error: 'UNAUTHORIZED' });
  });

  it('401 for an unknown token, and for another credential kind of the same customer', async () => {
    expect((await verify(request, 'not-a-token')).statusCode).toBe(401);
    expect((await verify(request, t.customer.fido_api_key)).statusCode).toBe(401);
    expect((await verify(request, t.customer.server_credentials.token)).statusCode).toBe(401);
  });

  it("another customer's token works for that customer", async () => {
    const other = await t.newCustomer('other');
    expect((await verify(request, other.sandbox_token)).statusCode).toBe(200);
  });

  it('checks credentials before the body', async () => {
    expect((await verify({ aamva: { person_birth_date: 'bad' } }, null)).statusCode).toBe(401);
  });
});
