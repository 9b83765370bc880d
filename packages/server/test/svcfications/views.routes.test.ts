import { describe, expect, it } from 'vitest';
import { useSvcficationApp } from '../svcfications.kit.js';

// A create answers, and a completion's callback carries, the svcfication built from what was
// written (no read after the write): each must equal what a later read of the store shows.
const { state, user, create, read, next, respond, answer } = useSvcficationApp({
  allowInsecureCallbacks: true,
});

const callback = 'http://127.0.0.1:9/views';

/** The payload of the callback queued for a svcfication, without its signature. */
async function queuedView(id: string): Promise<Record<string, unknown>> {
  const rows = await state.t.store.db
    .selectFrom('outbox')
    .select('payload')
    .where('target', '=', callback)
    .execute();
  const views = rows.map((r) => JSON.parse(r.payload) as Record<string, unknown>);
  const { jwt, ...view } = views.find((v) => v.id === id) ?? {};
  expect(jwt).toEqual(expect.any(String));
  return view;
}

describe('an answer shows the svcfication as stored', () => {
  it.each([
    ['the defaults', {}],
    [
      'every optional field',
      {
        callback_url: callback,
        custom_fields: { order: 42, lines: ['a', 'b'] },
        prompt: false,
        user_presence: false,
        show_identity_document: true,
        number_matching: true,
        expires_at: '2099-01-01T00:00:00.000Z',
      },
    ],
    ['number matching off', { number_matching: false }],
  ])('a create with %s answers what a read shows', async (_name, body) => {
    const u = await user();
    const created = await create({ desired_level: 2, user_identifier: u.identifier, ...body });
    expect(created).toEqual(await read(created.id));
  });

  it.each(['user_identifier', 'device_identifier'] as const)(
    'an answer to a svcfication addressed by %s: its callback shows what a read shows',
    async (by) => {
      const u = await user();
      const target =
        by === 'user_identifier'
          ? { user_identifier: u.identifier }
          : { device_identifier: u.device.identifier };
      const created = await create({ desired_level: 2, callback_url: callback, ...target });
      expect((await next(u.device)).body?.id).toBe(created.id);
      await respond(u.device, answer(u, created.id, 2));
      const stored = await read(created.id);
      expect(stored).toMatchObject({
        status: 'ACCEPTED',
        result: { device_identifier: u.device.identifier },
      });
      expect(await queuedView(created.id)).toEqual(stored);
    },
  );

  it('a cancel: its callback shows what a read shows', async () => {
    const u = await user();
    const created = await create({
      desired_level: 1,
      user_identifier: u.identifier,
      callback_url: callback,
    });
    await state.rp.request('DELETE', `/api/v2/svcfications/${created.id}`);
    const stored = await read(created.id);
    expect(stored.status).toBe('CANCELED');
    expect(await queuedView(created.id)).toEqual(stored);
  });
});
