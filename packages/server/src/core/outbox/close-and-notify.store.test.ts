import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/helpers.js';
import { closeAndNotify } from './close-and-notify.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

describe('closeAndNotify', () => {
  it('queues the callback for its customer; its jwt header binds it to them as a callback', async () => {
    const view = { id: 'r-1', status: 'COMPLETED', user: { id: 'u-1' } };
    const target = 'https://rp.example/cb/b1nd';
    await closeAndNotify(
      { db: t.store.db, keys: t.ctx.keys, outbox: t.ctx.outbox },
      {
        closedError: 'FIDO_LINK_USED',
        close: async () => ({ view, callbackUrl: target, customerId: t.customer.id }),
      },
    );
    const row = await t.store.db
      .selectFrom('outbox')
      .selectAll()
      .where('target', '=', target)
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(t.customer.id);
    // The body is the view plus `jwt`, and the claims are the view: what receivers already read.
    const { jwt, ...body } = JSON.parse(row.payload) as { jwt: string };
    expect(body).toEqual(view);
    const keys = createLocalJWKSet(await t.ctx.keys.jwks());
    const { payload, protectedHeader } = await jwtVerify(jwt, keys);
    const { iat, ...claims } = payload;
    expect(claims).toEqual(view);
    expect(iat).toEqual(expect.any(Number));
    expect(protectedHeader).toEqual({
      alg: 'ES256',
      kid: expect.any(String),
      typ: 'JWT',
      svc_customer: t.customer.id,
      svc_purpose: 'callback',
    });
  });
});
