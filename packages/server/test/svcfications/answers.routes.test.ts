import { payloads, signedPayload } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { bodyOf, status, useSvcficationApp, type Svc } from '../svcfications.kit.js';

const { state, user, create, read, respond, answer } = useSvcficationApp();
type User = Awaited<ReturnType<typeof user>>;

describe('levels: desired × achieved', () => {
  const cases: [number, number, string][] = [];
  for (const desired of [1, 2, 3])
    for (const achieved of [1, 2, 3])
      cases.push([
        desired,
        achieved,
        achieved === desired
          ? 'ACCEPTED'
          : achieved > desired
            ? 'ACCEPTED_AT_HIGHER_LEVEL'
            : 'ACCEPTED_AT_LOWER_LEVEL',
      ]);

  it.each(cases)('desired %i, achieved %i → %s', async (desired, achieved, expected) => {
    const u = await user();
    const s = await create({ desired_level: desired, user_identifier: u.identifier });
    expect(await status(respond(u.device, answer(u, s.id, achieved)))).toBe(201);
    const done = await read(s.id);
    expect(done.status).toBe(expected);
    expect(done.result).toEqual({
      id: expect.any(String),
      accepted: true,
      is_accepted: true,
      accepted_level: achieved,
      bound_user_identifier: u.identifier,
      device_identifier: u.device.identifier,
      user_identifier: u.identifier,
    });
  });
});

describe('payload defects → 422 and the svcfication stays open', () => {
  const defects: [
    string,
    (u: Awaited<ReturnType<typeof user>>, id: string) => Promise<string[]> | Promise<string>[],
  ][] = [
    [
      'a bad signature',
      async (u, id) => [
        (await payloads.deviceAr(u.keys, id, u.device.identifier)).replace(
          /\.(.)/,
          (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`,
        ),
      ],
    ],
    [
      'the wrong key (auth key signs device_ar)',
      (u, id) => [
        signedPayload(u.keys.auth, {
          type: 'device_ar',
          svcfication_id: id,
          device_identifier: u.device.identifier,
          nonce: 'n1',
          checksum: 'x',
        }),
      ],
    ],
    [
      'a wrong checksum',
      (u, id) => [
        signedPayload(u.keys.device, {
          type: 'device_ar',
          svcfication_id: id,
          device_identifier: u.device.identifier,
          nonce: 'n2',
          checksum: '0'.repeat(64),
        }),
      ],
    ],
    ['another device named', (u, id) => [payloads.deviceAr(u.keys, id, 'someone-else')]],
    [
      'an unknown document hash',
      async (u, id) => [
        ...(await answer(u, id, 2)),
        await payloads.license(u.keys, id, u.device.identifier, 'not-registered'),
      ],
    ],
    ['a wrong svcfication id', (u) => [payloads.deviceAr(u.keys, 'other-id', u.device.identifier)]],
    [
      'a NUL in the svcfication id (PostgreSQL text holds none)',
      (u, id) => [payloads.deviceAr(u.keys, `${id}\u0000`, u.device.identifier)],
    ],
    ['no device_ar', (u, id) => [payloads.userPresence(u.keys, id, u.device.identifier)]],
    ['garbage', async () => ['not a payload']],
    [
      'non-JSON',
      async () => [
        `${Buffer.from('{nope').toString('base64')}.${Buffer.from('sig').toString('base64')}`,
      ],
    ],
  ];

  it.each(defects)('%s', async (_name, build) => {
    const u = await user();
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    const res = await bodyOf(respond(u.device, build(u, s.id)));
    expect(res).toMatchObject({
      error: expect.stringMatching(/RESPONSE_INVALID|VALIDATION_FAILED/),
    });
    expect((await read(s.id)).status).toBe('IN_PROGRESS');
    expect(await status(respond(u.device, answer(u, s.id, 1)))).toBe(201);
  });

  it('a reused nonce → 422, nothing consumed by the failed attempt', async () => {
    const u = await user();
    const first = await create({ desired_level: 1, user_identifier: u.identifier });
    await respond(u.device, [
      payloads.deviceAr(u.keys, first.id, u.device.identifier, 'same-nonce'),
    ]);
    const second = await create({ desired_level: 1, user_identifier: u.identifier });
    expect(
      await bodyOf(
        respond(u.device, [
          payloads.deviceAr(u.keys, second.id, u.device.identifier, 'same-nonce'),
        ]),
      ),
    ).toMatchObject({ error: 'RESPONSE_INVALID' });
    expect((await read(second.id)).status).toBe('IN_PROGRESS');
  });

  it('a device that is not addressed cannot answer or read it', async () => {
    const u = await user();
    const stranger = await user();
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    expect(await status(respond(stranger.device, answer(stranger, s.id, 1)))).toBe(422);
    expect(await status(stranger.device.signed('GET', `/api/v2/svcfications/${s.id}`))).toBe(404);
    expect((await u.device.signed<Svc>('GET', `/api/v2/svcfications/${s.id}`)).body.id).toBe(s.id);
    expect(await status(u.device.request('GET', `/api/v2/svcfications/${s.id}`))).toBe(403);
  });

  it.each([
    [
      'the RP deactivates the device',
      (u: User) => state.rp.setDeviceActive(u.device.identifier, false),
    ],
    [
      'the RP deletes the user',
      (u: User) => state.rp.request('DELETE', `/api/v2/users/${u.identifier}`),
    ],
  ] as const)(
    'revoked when %s: the device no longer answers, rejects or reads',
    async (_, revoke) => {
      const u = await user();
      const s = await create({ desired_level: 1, user_identifier: u.identifier });
      await revoke(u);
      expect(await status(respond(u.device, answer(u, s.id, 1)))).toBe(422);
      const reject = u.device.signed('DELETE', `/api/v2/svcfication_responses/${s.id}`, {
        reason: 'fraud',
      });
      expect(await status(reject)).toBe(422);
      expect(await status(u.device.signed('GET', `/api/v2/svcfications/${s.id}`))).toBe(404);
      expect(await status(u.device.signed('DELETE', `/api/v2/svcfications/${s.id}`))).toBe(422);
      expect((await read(s.id)).status).toBe('IN_PROGRESS');
    },
  );
});
