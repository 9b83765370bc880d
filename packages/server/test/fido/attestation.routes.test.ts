import { KeyObject, webcrypto } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../../bench/src/soft-authenticator.js';
import { testApp, type TestApp } from '../helpers.js';
import { origin, releaseTestDomain } from '../fido.kit.js';

/**
 * Attestation trust anchors (SVC_FIDO_ATTESTATION_ROOTS): a `packed` chain must lead to one of
 * them, and self attestation is refused. Its own file: SimpleWebAuthn keeps anchors process-wide.
 */
x509.cryptoProvider.set(webcrypto as Crypto);
const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const validity = {
  notBefore: new Date(Date.now() - 86_400_000),
  notAfter: new Date(Date.now() + 365 * 86_400_000),
};

async function certificateAuthority(name: string) {
  const keys = await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: `CN=${name}`,
    keys,
    signingAlgorithm: alg,
    ...validity,
    extensions: [new x509.BasicConstraintsExtension(true, 1, true)],
  });
  return { keys, cert };
}

/**
 * An attestation certificate as FIDO requires for `packed` (subject OU "Authenticator
 * Attestation", not a CA).
 */
async function attestationFrom(ca: Awaited<ReturnType<typeof certificateAuthority>>) {
  const keys = await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: 'C=US, O=svc tests, OU=Authenticator Attestation, CN=svc soft authenticator',
    issuer: ca.cert.subject,
    publicKey: keys.publicKey,
    signingKey: ca.keys.privateKey,
    signingAlgorithm: alg,
    ...validity,
    extensions: [new x509.BasicConstraintsExtension(false, undefined, true)],
  });
  return { chain: [new Uint8Array(cert.rawData)], key: KeyObject.from(keys.privateKey) };
}

let t: TestApp;
let trusted: Awaited<ReturnType<typeof certificateAuthority>>;
beforeAll(async () => {
  trusted = await certificateAuthority('svc test root');
  const bundle = join(mkdtempSync(join(tmpdir(), 'svc-anchors-')), 'roots.pem');
  writeFileSync(bundle, trusted.cert.toString('pem'));
  t = await testApp({ fidoAttestationRoots: bundle });
});
afterAll(async () => t.close());

/** `verify` undefined: the organization is created without the flag, so it is on by default. */
async function registerWith(authenticator: SoftAuthenticator, verify?: boolean) {
  const auth = { authorization: `SVC ${(await t.newCustomer()).fido_api_key}` };
  await releaseTestDomain(t);
  const org = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organizations',
    headers: auth,
    payload: {
      name: 'Acme',
      domain_name: 'login.acme.test',
      ...(verify === undefined ? {} : { verify_attestation_statement: verify }),
    },
  });
  expect(org.statusCode).toBe(201);
  expect(org.json()).toMatchObject({ verify_attestation_statement: verify ?? true });
  const created = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/registrations',
      headers: auth,
      payload: { user: { user_identifier: 'ann' } },
    })
  ).json<{ id: string; user_link: string }>();
  const link = new URL(created.user_link);
  const secret = link.hash.slice(1);
  const options = (
    await t.app.inject({ method: 'POST', url: `${link.pathname}/options`, payload: { secret } })
  ).json<PublicKeyCredentialCreationOptionsJSON>();
  const verified = await t.app.inject({
    method: 'POST',
    url: `${link.pathname}/verify`,
    payload: { secret, response: authenticator.register(options, origin) },
  });
  return {
    status: verified.statusCode,
    body: verified.json<Record<string, unknown>>(),
    attestation: options.attestation,
  };
}

describe('attestation trust anchors', () => {
  it('accepts a packed chain that leads to a configured root', async () => {
    const result = await registerWith(
      new SoftAuthenticator({ fmt: 'packed', attestation: await attestationFrom(trusted) }),
    );
    expect(result).toEqual({ status: 200, body: { status: 'COMPLETED' }, attestation: 'direct' });
  });

  it('refuses a chain from another root (ERROR)', async () => {
    const stranger = await certificateAuthority('someone else');
    const result = await registerWith(
      new SoftAuthenticator({ fmt: 'packed', attestation: await attestationFrom(stranger) }),
    );
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      error: 'FIDO_CEREMONY_FAILED',
      description: expect.stringMatching(/trust anchor/),
    });
  });

  it('refuses self attestation while statements are verified, accepts it when they are not', async () => {
    expect((await registerWith(new SoftAuthenticator({ fmt: 'packed' }))).body).toMatchObject({
      error: 'FIDO_CEREMONY_FAILED',
      description: expect.stringMatching(/certificate chain/),
    });
    expect((await registerWith(new SoftAuthenticator({ fmt: 'packed' }), false)).body).toEqual({
      status: 'COMPLETED',
    });
  });
});

describe('verify_attestation_statement at its default (on): the organization omits the flag', () => {
  it('asks for direct attestation and accepts a packed chain to a configured root', async () => {
    const result = await registerWith(
      new SoftAuthenticator({ fmt: 'packed', attestation: await attestationFrom(trusted) }),
    );
    expect(result).toEqual({ status: 200, body: { status: 'COMPLETED' }, attestation: 'direct' });
  });

  it.each([
    ['fmt none (no statement)', () => new SoftAuthenticator()],
    ['self attestation', () => new SoftAuthenticator({ fmt: 'packed' })],
  ])('refuses %s with 400 FIDO_CEREMONY_FAILED', async (_name, authenticator) => {
    const result = await registerWith(authenticator());
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ error: 'FIDO_CEREMONY_FAILED' });
  });

  it('refuses a chain from an unknown root', async () => {
    const stranger = await certificateAuthority('default-on stranger');
    const result = await registerWith(
      new SoftAuthenticator({ fmt: 'packed', attestation: await attestationFrom(stranger) }),
    );
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      error: 'FIDO_CEREMONY_FAILED',
      description: expect.stringMatching(/trust anchor/),
    });
  });
});
