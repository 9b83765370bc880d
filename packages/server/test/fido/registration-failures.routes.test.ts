import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator, type SoftOptions } from '../../../bench/src/soft-authenticator.js';
import { fidoCalls, origin, parseLink, type Json } from '../fido.kit.js';
import { testApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());
const { withOrganization, page, register, callbacks } = fidoCalls(() => t);

describe('registration ceremony through the link', () => {
  const failures: [
    string,
    Json,
    SoftOptions,
    (r: RegistrationResponseJSON) => RegistrationResponseJSON,
    RegExp,
    string?,
  ][] = [
    [
      'a response from another origin',
      {},
      {},
      (r) => r,
      /origin "https:\/\/evil\.test"/,
      'https://evil.test',
    ],
    [
      'a tampered response',
      {},
      {},
      (r) => ({
        ...r,
        response: {
          ...r.response,
          clientDataJSON: Buffer.from('{"type":"webauthn.create"}').toString('base64url'),
        },
      }),
      /challenge/,
    ],
    [
      'a malformed response',
      {},
      {},
      () => ({ nonsense: true }) as unknown as RegistrationResponseJSON,
      /not a WebAuthn credential/,
    ],
    [
      'a response without its response object',
      {},
      {},
      (r) => ({ ...r, response: null }) as unknown as RegistrationResponseJSON,
      /^The response is not a WebAuthn credential\.$/,
    ],
    [
      'a credential id longer than WebAuthn allows (1023 bytes)',
      { verify_attestation_statement: false },
      { credentialId: randomBytes(1024), fmt: 'none' },
      (r) => r,
      /longer than 1023 bytes/,
    ],
    [
      'no user verification',
      {},
      { userVerified: false },
      (r) => r,
      /User verification was required/,
    ],
    [
      'fmt none when attestation statements are verified',
      { verify_attestation_statement: true },
      { fmt: 'none' },
      (r) => r,
      /requires an attestation statement/,
    ],
    [
      'a cross-platform authenticator when platform is required',
      { require_platform_authenticator: true },
      { attachment: 'cross-platform' },
      (r) => r,
      /requires a platform authenticator/,
    ],
    [
      'no attachment when platform is required',
      { require_platform_authenticator: true },
      { attachment: null },
      (r) => r,
      /requires a platform authenticator/,
    ],
    [
      'a non-discoverable credential when a resident key is required',
      { require_resident_key: true },
      { residentKey: false },
      (r) => r,
      /discoverable credential/,
    ],
  ];
  it.each(failures)(
    '%s → 400, status ERROR and an ERROR callback',
    async (_name, flags, soft, tamper, reason, from) => {
      const c = await withOrganization(flags);
      const { id, verified } = await register(c, new SoftAuthenticator(soft), 'lee', tamper, from);
      expect(verified.status).toBe(400);
      expect(verified.body).toMatchObject({
        error: 'FIDO_CEREMONY_FAILED',
        description: expect.stringMatching(reason),
      });
      expect((await c.call('GET', `/api/v1/registrations/${id}`)).body).toMatchObject({
        status: 'ERROR',
        user: { registered: false },
      });
      const [callback] = await callbacks('https://rp.example/cb/r4nd0m', id);
      expect(callback).toMatchObject({ id, status: 'ERROR', jwt: expect.any(String) });
    },
  );

  it('keeps only the WebAuthn transports the authenticator reported, once each', async () => {
    const c = await withOrganization();
    const junk = ['usb', 'usb', 'warp-drive', 7, { a: 1 }, 'internal', ...Array(500).fill('nfc')];
    const reported = (r: RegistrationResponseJSON) =>
      ({ ...r, response: { ...r.response, transports: junk } }) as RegistrationResponseJSON;
    const { verified } = await register(c, new SoftAuthenticator(), 'tina', reported);
    expect(verified.status).toBe(200);
    const found = await c.call('POST', '/api/v1/users/search', { user_identifier: 'tina' });
    const [user] = found.body.users as Json[];
    const listed = await c.call('GET', `/api/v1/users/${String(user?.id)}/credentials`);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({
      credentials: [{ transports: ['usb', 'internal', 'nfc'] }],
    });
    const notAList = (r: RegistrationResponseJSON) =>
      ({
        ...r,
        response: { ...r.response, transports: 'usb' },
      }) as unknown as RegistrationResponseJSON;
    expect((await register(c, new SoftAuthenticator(), 'uma', notAList)).verified.status).toBe(200);
    const uma = await c.call('POST', '/api/v1/users/search', { user_identifier: 'uma' });
    const [other] = uma.body.users as Json[];
    const its = await c.call('GET', `/api/v1/users/${String(other?.id)}/credentials`);
    expect(its.body).toMatchObject({ credentials: [{ transports: [] }] });
  });

  it('a credential id the organization already knows is refused', async () => {
    const c = await withOrganization();
    const credentialId = Buffer.alloc(32, 7);
    expect(
      (await register(c, new SoftAuthenticator({ credentialId }), 'first')).verified.status,
    ).toBe(200);
    const second = await register(c, new SoftAuthenticator({ credentialId }), 'second');
    expect(second.verified.body).toMatchObject({
      error: 'FIDO_CEREMONY_FAILED',
      description: 'This credential is already registered.',
    });
    expect((await c.call('GET', `/api/v1/registrations/${second.id}`)).body).toMatchObject({
      status: 'ERROR',
      user: { registered: false },
    });
    expect(
      (
        (await c.call('POST', '/api/v1/users/search', { registered: true })).body.users as Json[]
      ).map((u) => u.user_identifier),
    ).toEqual(['first']);
  });

  it('a wrong RP ID fails', async () => {
    const c = await withOrganization();
    const created = await c.call('POST', '/api/v1/registrations', {
      user: { user_identifier: 'max' },
    });
    const { path, secret } = parseLink(created.body.user_link);
    const options = (await page('POST', `${path}/options`, { secret }))
      .body as unknown as PublicKeyCredentialCreationOptionsJSON;
    const response = new SoftAuthenticator().register(options, origin, 'evil.test');
    expect((await page('POST', `${path}/verify`, { secret, response })).status).toBe(400);
  });

  it('a response to an older challenge fails: each options call replaces the challenge', async () => {
    const c = await withOrganization();
    const created = await c.call('POST', '/api/v1/registrations', {
      user: { user_identifier: 'ned' },
    });
    const { path, secret } = parseLink(created.body.user_link);
    const first = (await page('POST', `${path}/options`, { secret }))
      .body as unknown as PublicKeyCredentialCreationOptionsJSON;
    await page('POST', `${path}/options`, { secret });
    expect(
      (
        await page('POST', `${path}/verify`, {
          secret,
          response: new SoftAuthenticator().register(first, origin),
        })
      ).status,
    ).toBe(400);
  });

  it('verify before options fails', async () => {
    const c = await withOrganization();
    const created = await c.call('POST', '/api/v1/registrations', {
      user: { user_identifier: 'ola' },
    });
    const { path, secret } = parseLink(created.body.user_link);
    const fake = {
      challenge: 'AAAA',
      rp: { id: 'login.acme.test', name: 'x' },
      user: { id: 'dQ', name: 'u', displayName: 'u' },
      pubKeyCredParams: [],
    };
    expect(
      (
        await page('POST', `${path}/verify`, {
          secret,
          response: new SoftAuthenticator().register(fake, origin),
        })
      ).body,
    ).toMatchObject({ error: 'FIDO_CEREMONY_FAILED' });
  });
});
