import { DeviceClient, RpClient } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { bodyOf, useSvcficationApp, type Svc } from '../svcfications.kit.js';
import { injectFetch } from '../helpers.js';

const { state, user, create, next } = useSvcficationApp();

describe('creation', () => {
  it('201 IN_PROGRESS with defaults and a 90 s expiry; unknown and null fields tolerated', async () => {
    const u = await user();
    const s = await state.rp.request<Svc & Record<string, unknown>>(
      'POST',
      '/api/v2/svcfications',
      {
        action: 'login',
        resource: 'web',
        desired_level: 1,
        user_identifier: u.identifier,
        email: null,
        favourite: 'x',
      },
    );
    expect(s.status).toBe(201);
    expect(s.body).toMatchObject({
      status: 'IN_PROGRESS',
      prompt: true,
      user_presence: true,
      show_identity_document: false,
      user_identifier: u.identifier,
      relying_party: 'acme',
      result: null,
    });
    expect(new Date(s.body.expires_at).getTime() - state.t.clock.now().getTime()).toBe(90_000);
    expect(s.body).not.toHaveProperty('favourite');
  });

  it.each([
    ['level 0', { desired_level: 0, user_identifier: 'x' }],
    ['level 4', { desired_level: 4 }],
    ['level "2"', { desired_level: '2' }],
    ['missing action', { action: undefined, desired_level: 1 }],
    ['missing resource', { resource: undefined, desired_level: 1 }],
    ['no target', { desired_level: 1 }],
    ['two targets', { desired_level: 1, user_identifier: 'a', svc_id: 'b' }],
    ['an unbound user', { desired_level: 1, user_identifier: 'nobody' }],
    ['an unknown device', { desired_level: 1, device_identifier: 'nope' }],
    ['an unknown svc_id', { desired_level: 1, svc_id: 'nope' }],
    ['an unpaired svccode', { desired_level: 1, svccode_id: 'nope' }],
    ['a bad email', { desired_level: 1, email: 'not-an-email' }],
    [
      'an http callback without the insecure flag',
      { desired_level: 1, user_identifier: 'x', callback_url: 'ftp://example.com/cb' },
    ],
  ])('422 {message, errors} (and the general Error fields) for %s', async (_name, body) => {
    const error = await bodyOf(create(body));
    expect(error).toEqual({
      message: expect.any(String),
      errors: expect.arrayContaining([expect.any(String)]),
      error: 'SVCFICATION_INVALID',
      description: expect.any(String),
      field_errors: expect.any(Object),
    });
    const fields = (error as { field_errors: Record<string, string[]> }).field_errors;
    expect(Object.keys(fields).length).toBeGreaterThan(0);
  });

  it('a reused Idempotency-Key → 422 IDEMPOTENCY_KEY_REUSED in the same {message, errors} shape', async () => {
    const u = await user();
    const legacy = new RpClient({
      baseUrl: 'http://svc',
      credentials: state.t.customer.user_credentials,
      fetch: injectFetch(state.t.app),
    });
    const body = { action: 'login', resource: 'web', user_identifier: u.identifier };
    const sends = [
      (level: number, key: Record<string, string>) =>
        state.rp.request('POST', '/api/v2/svcfications', { ...body, desired_level: level }, key),
      (level: number, key: Record<string, string>) =>
        legacy.request('POST', '/api/v1/verifications', { ...body, desired_level: level }, key),
    ];
    for (const [i, send] of sends.entries()) {
      const key = { 'idempotency-key': `reused-${i}` };
      await send(1, key);
      const error = await bodyOf(send(2, key));
      expect(error).toEqual({
        message: expect.any(String),
        errors: [expect.stringMatching(/Idempotency-Key/)],
        error: 'IDEMPOTENCY_KEY_REUSED',
        description: expect.any(String),
        field_errors: {},
      });
    }
  });

  it('level 3 for a user without a document → 424 NO_DOCUMENTS', async () => {
    const u = await user({ document: false });
    const error = await bodyOf(create({ desired_level: 3, user_identifier: u.identifier }));
    expect(error).toMatchObject({ error: 'NO_DOCUMENTS' });
  });

  it('targets by device_identifier, svc_id, user_identifier and email; each reaches the device', async () => {
    const u = await user();
    for (const target of [
      { device_identifier: u.device.identifier },
      { svc_id: u.svcId },
      { user_identifier: u.identifier },
    ]) {
      const s = await create({ desired_level: 1, ...target });
      expect((await next(u.device)).body?.id).toBe(s.id);
      await state.rp.request('DELETE', `/api/v2/svcfications/${s.id}`);
    }
    const other = await user();
    const otherEmail = `${other.identifier}@example.com`;
    const d = new DeviceClient({
      baseUrl: 'http://svc',
      credentials: state.t.customer.sdk_credentials,
      fetch: injectFetch(state.t.app),
    });
    await d.register();
    const b = await state.rp.bindDevice(d.identifier, otherEmail);
    await state.rp.setBindingActive(b.id, true);
    await state.rp.setDeviceActive(d.identifier, true);
    const s = await create({ desired_level: 1, email: otherEmail });
    expect((await next(d)).body?.id).toBe(s.id);
  });

  it('an expires_at in the past is accepted and reads EXPIRED', async () => {
    const u = await user();
    const s = await create({
      desired_level: 1,
      user_identifier: u.identifier,
      expires_at: new Date(state.t.clock.now().getTime() - 1000).toISOString(),
    });
    expect(s.status).toBe('EXPIRED');
    expect((await next(u.device)).status).toBe(204);
  });
});
