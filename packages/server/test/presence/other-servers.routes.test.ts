import { DeviceClient } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../../bench/src/soft-authenticator.js';
import { injectFetch, useTestApp } from '../helpers.js';
import { errorOf, rpClient } from '../identity.kit.js';
import { assertPresence, makeCredential } from './presence.kit.js';

// svc Authenticator served by another svc server holds an account of this one: its calls come
// from that origin, and its presence credentials are made there.
const other = 'https://app.other.example';
const state = useTestApp((t) => ({ rp: rpClient(t) }), { authenticatorOrigins: other });

/** Every answer the phone got, with the Origin header its browser sends. */
const answers: Response[] = [];
const fromOtherOrigin: typeof fetch = async (url, init) => {
  const headers = new Headers(init?.headers);
  headers.set('origin', other);
  const answer = await injectFetch(state.t.app)(url, { ...init, headers });
  answers.push(answer);
  return answer;
};

async function enrolled(user: string) {
  const { link } = await state.rp.createEnrollment(user);
  const { device } = await DeviceClient.enroll(link, {
    baseUrl: 'http://svc',
    fetch: fromOtherOrigin,
    now: () => state.t.clock.now(),
  });
  return device;
}

const devicePaths = [
  '/api/v2/enrollments/redeem',
  '/api/v2/push/web_push_key',
  '/api/v2/push/channel',
  '/api/v2/presence/credential',
  '/api/v2/identity_documents',
  '/api/v2/svcfications/next',
  '/api/v2/svcfications/some-id',
  '/api/v2/svcfication_responses',
  '/api/v2/svcfication_responses/some-id',
];

describe('svc Authenticator of another svc server', () => {
  it('gets a preflight answer on every device path', async () => {
    for (const url of devicePaths) {
      const res = await state.t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: other,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'authorization, x-date, x-device-sig',
        },
      });
      expect(res.statusCode, url).toBe(204);
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
      expect(String(res.headers['access-control-allow-methods'])).toMatch(/PUT.*DELETE/);
      expect(String(res.headers['access-control-allow-headers'])).toMatch(/x-device-sig/);
    }
  });

  it('enrolls, proves presence at its own origin and approves level 2, every answer readable', async () => {
    answers.length = 0;
    const device = await enrolled('alice');
    const soft = new SoftAuthenticator();
    const registered = await device.setPresenceCredential(
      makeCredential(soft, other, 'app.other.example'),
    );
    expect(registered).toMatchObject({ rp_id: 'app.other.example' });
    const { id } = await state.rp.createSvcfication({
      action: 'Sign in',
      resource: 'web',
      desired_level: 2,
      user_identifier: 'alice',
    });
    expect((await device.next())?.id).toBe(id);
    await device.accept(id, { presence: assertPresence(soft, other, 'app.other.example') });
    expect(await state.rp.getSvcfication(id)).toMatchObject({
      status: 'ACCEPTED',
      result: { accepted_level: 2 },
    });
    expect(answers.length).toBeGreaterThanOrEqual(4);
    for (const answer of answers) {
      expect(answer.headers.get('access-control-allow-origin'), answer.url).toBe('*');
      expect(answer.headers.get('access-control-expose-headers')).toMatch(/x-signature/);
    }
  });

  it('refuses a credential of an origin not configured, or with another host as RP ID', async () => {
    const device = await enrolled('bob');
    const cases = [
      makeCredential(new SoftAuthenticator(), 'https://unlisted.example', 'unlisted.example'),
      makeCredential(new SoftAuthenticator(), other, 'localhost'),
    ];
    for (const create of cases)
      expect(await errorOf(device.setPresenceCredential(create))).toMatchObject({
        error: 'PRESENCE_CREDENTIAL_INVALID',
      });
    const stored = await state.t.store.db
      .selectFrom('presence_credentials')
      .select('credential_id')
      .where('device_identifier', '=', device.identifier)
      .execute();
    expect(stored).toEqual([]);
  });

  it("keeps the RP's own routes same-origin", async () => {
    for (const url of ['/api/v2/svcfications', '/api/v2/enrollments', '/api/v2/devices']) {
      const res = await state.t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: other, 'access-control-request-method': 'POST' },
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });
});
