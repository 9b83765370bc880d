import { describe, expect, it } from 'vitest';
import { bodyOf, useSvcficationApp, type Svc } from '../svcfications.kit.js';

const { state, user, create, next } = useSvcficationApp();
const history = async (identifier: string) =>
  (await state.rp.request<Svc[]>('GET', `/api/v2/svcfications?user_identifier=${identifier}`)).body;

describe('who can receive', () => {
  it('activating a binding activates its device: GET says active and /next delivers', async () => {
    const u = await user({ activate: false });
    const device = await state.rp.getDevice(u.device.identifier ?? '');
    expect(device.active).toBe(false);
    expect((await state.rp.setBindingActive(u.bindingId, true)).active).toBe(true);
    expect(await state.rp.getDevice(u.device.identifier ?? '')).toMatchObject({
      active: true,
      is_active: true,
      activated_at: expect.any(String),
    });
    const created = await create({ desired_level: 1, user_identifier: u.identifier });
    expect((await next(u.device)).body?.id).toBe(created.id);
  });

  it('deactivating a binding leaves its device active', async () => {
    const u = await user();
    await state.rp.setBindingActive(u.bindingId, false);
    expect((await state.rp.getDevice(u.device.identifier ?? '')).active).toBe(true);
  });

  it('422 naming the target when no active device could receive it; nothing is stored', async () => {
    const u = await user({ activate: false });
    const targets = {
      user_identifier: u.identifier,
      svc_id: u.svcId,
      device_identifier: u.device.identifier,
    };
    for (const [field, value] of Object.entries(targets)) {
      const error = await bodyOf(create({ desired_level: 1, [field]: value }));
      expect(error).toMatchObject({
        error: 'SVCFICATION_INVALID',
        field_errors: { [field]: [expect.stringMatching(/no active device/)] },
      });
    }
    // An active device whose binding is inactive does not receive for the identifier either.
    await state.rp.setDeviceActive(u.device.identifier ?? '', true);
    expect(await bodyOf(create({ desired_level: 1, user_identifier: u.identifier }))).toMatchObject(
      { field_errors: { user_identifier: [expect.stringMatching(/no active device/)] } },
    );
    expect(await history(u.identifier)).toEqual([]);
  });
});

describe('custom_fields is bounded', () => {
  const nested = (levels: number): unknown => (levels === 0 ? 1 : { a: nested(levels - 1) });

  it.each([
    ['nested 17 levels deep', nested(17)],
    ['nested 200 levels deep', nested(200)],
    ['larger than 16 KiB', { text: 'x'.repeat(20_000) }],
    ['with more than 256 keys', Object.fromEntries(Array.from({ length: 300 }, (_, i) => [i, i]))],
  ])('422 naming custom_fields when %s; nothing is stored', async (_name, customFields) => {
    const u = await user();
    const error = await bodyOf(
      create({ desired_level: 1, user_identifier: u.identifier, custom_fields: customFields }),
    );
    expect(error).toMatchObject({
      error: 'SVCFICATION_INVALID',
      field_errors: { custom_fields: [expect.any(String)] },
    });
    expect(await history(u.identifier)).toEqual([]);
  });

  it('a custom_fields at the bounds is stored, read back and survives cancel', async () => {
    const u = await user();
    const fields = { depth: nested(15), list: [1, 2, 3] };
    const created = await create({
      desired_level: 1,
      user_identifier: u.identifier,
      custom_fields: fields,
    });
    expect(created.status).toBe('IN_PROGRESS');
    expect((created as Svc & { custom_fields: unknown }).custom_fields).toEqual(fields);
    const canceled = await state.rp.request('DELETE', `/api/v2/svcfications/${created.id}`);
    expect(canceled.status).toBe(204);
  });
});
