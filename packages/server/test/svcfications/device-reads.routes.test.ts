import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers.js';
import { rpClient, svcficationCalls } from '../svcfications.kit.js';

// The X-Device-Sig check reads the signing device; its handler answers from that same row.
let deviceReads = 0;
let t: TestApp;
beforeAll(async () => {
  t = await testApp(
    {},
    { onQuery: (sql) => void (sql.startsWith('select * from "devices"') && (deviceReads += 1)) },
  );
});
afterAll(async () => t.close());

const { user, create, next, respond, answer } = svcficationCalls(
  () => t,
  () => rpClient(t),
);

/** How many times `call` read a device row. */
async function readsOf(call: () => Promise<unknown>): Promise<number> {
  const before = deviceReads;
  await call();
  return deviceReads - before;
}

describe('a signed device call reads its device once', () => {
  it('next, respond and reject each read the signing device only in the X-Device-Sig check', async () => {
    const u = await user();
    const first = await create({ desired_level: 2, user_identifier: u.identifier });
    expect(await readsOf(() => next(u.device))).toBe(1);
    expect(await readsOf(() => respond(u.device, answer(u, first.id, 2)))).toBe(1);
    const second = await create({ desired_level: 1, user_identifier: u.identifier });
    const reject = () => u.device.signed('DELETE', `/api/v2/svcfication_responses/${second.id}`);
    expect(await readsOf(reject)).toBe(1);
  });

  it("a device's read and cancel of its svcfication read the device once each", async () => {
    const u = await user();
    const created = await create({ desired_level: 1, user_identifier: u.identifier });
    const path = `/api/v2/svcfications/${created.id}`;
    const read = () => u.device.signed('GET', path);
    expect(await readsOf(read)).toBe(1);
    expect((await read()).body).toMatchObject({ id: created.id, status: 'IN_PROGRESS' });
    expect(await readsOf(() => u.device.signed('DELETE', path))).toBe(1);
    expect((await read()).body).toMatchObject({ status: 'CANCELED' });
  });

  it('a document registration and a pairing read the device once each', async () => {
    const u = await user({ document: false });
    expect(await readsOf(() => u.device.registerDocument({ hash: 'doc-reads' }))).toBe(1);
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/v2/svccodes',
      payload: { relying_party_id: t.customer.id },
    });
    const { payload } = code.json<{ payload: string }>();
    expect(await readsOf(() => u.device.pair(payload))).toBe(1);
  });
});
