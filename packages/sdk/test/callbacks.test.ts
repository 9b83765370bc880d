import { SignJWT, decodeJwt, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../bench/src/soft-authenticator.js';
import {
  CallbackVerificationError,
  CallbackVerifier,
  DeviceClient,
  FidoClient,
  type FidoAuthentication,
  type FidoRegistration,
  type Svcfication,
} from '../src/index.js';
import { approve, boundDevice, newCustomer, startReceiver, useServer } from './kit.js';

type CreationOptions = Parameters<SoftAuthenticator['register']>[0];
type RequestOptions = Parameters<SoftAuthenticator['authenticate']>[0];

// A server of its own: its /jwks is empty until the first device registers (keys are made lazily).
const server = useServer({ env: { SVC_LOG_LEVEL: 'warn' } });
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => receiver.close());

/** Fetches that a verifier makes, counted. */
function countingFetch() {
  const counter = { jwks: 0 };
  const fetcher: typeof fetch = async (input, init) => {
    counter.jwks += 1;
    return fetch(input, init);
  };
  return { counter, fetcher };
}

/** 'verified', or the reason a verification was refused. */
function outcome(verifying: Promise<unknown>): Promise<string> {
  return verifying.then(
    () => 'verified',
    (e: unknown) => (e instanceof CallbackVerificationError ? e.reason : String(e)),
  );
}

/** A callback signed by a key svc never had, claiming a kid. */
async function forged(body: object, kid: string): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256');
  const jwt = await new SignJWT({ ...body })
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
    .setIssuedAt()
    .sign(privateKey);
  return JSON.stringify({ ...body, jwt });
}

describe('verifying callbacks from a spawned `svc serve`', () => {
  it('a svcfication callback verifies; /jwks is fetched again for an unknown kid only', async () => {
    const { counter, fetcher } = countingFetch();
    const { customer, rp } = newCustomer(server());
    const verifier = new CallbackVerifier({
      baseUrl: server().url,
      customerId: customer.id,
      fetch: fetcher,
      jwksCooldownMs: 0,
    });
    // Before svc has any key: a forged callback fails and the (empty) key set is cached.
    const fake = await forged({ id: 'x', status: 'ACCEPTED' }, 'made-up');
    await expect(verifier.verify(fake, { 'x-svc-delivery': 'd1' })).rejects.toMatchObject({
      reason: 'BAD_SIGNATURE',
    });
    const fetchedBefore = counter.jwks;
    expect(fetchedBefore).toBeGreaterThan(0);

    const device = await boundDevice(server(), customer, rp, 'olga');
    const created = await rp.createSvcfication({
      action: 'login',
      resource: 'web',
      desired_level: 1,
      user_identifier: 'olga',
      callback_url: receiver.url,
    });
    await approve(device, created.id);
    const final = await rp.waitForResult(created.id);
    const delivery = await receiver.next();

    const verified = await verifier.verify<Svcfication>(delivery.text, delivery.headers);
    expect(verified.resource).toEqual(final);
    expect(verified.deliveryId).toBe(delivery.headers['x-svc-delivery']);
    expect(verified.kid).toEqual(expect.any(String));
    expect(Math.abs(verified.issuedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(counter.jwks).toBe(fetchedBefore + 1);

    // Parsed bodies and fetch Headers work too; the key is cached now.
    const again = await verifier.verify(
      JSON.parse(delivery.text) as object,
      new Headers([['X-Svc-Delivery', verified.deliveryId]]),
    );
    expect(again.resource).toEqual(final);
    expect(counter.jwks).toBe(fetchedBefore + 1);

    // RpClient.verifyCallback: the same check with the client's base URL.
    expect((await rp.verifyCallback(delivery.text, delivery.headers)).deliveryId).toBe(
      verified.deliveryId,
    );
  });

  it('refuses an altered body, a missing delivery id, a forged key and a malformed body', async () => {
    const { customer, rp } = newCustomer(server());
    await boundDevice(server(), customer, rp, 'pia');
    const created = await rp.createSvcfication({
      action: 'login',
      resource: 'web',
      desired_level: 1,
      user_identifier: 'pia',
      callback_url: receiver.url,
    });
    await rp.cancelSvcfication(created.id);
    const { text, headers } = await receiver.next();
    const body = JSON.parse(text) as Svcfication & { jwt: string };
    const reason = (b: string | object, h: Record<string, string> = { ...headers } as never) =>
      outcome(rp.verifyCallback(b, h));

    expect(await reason(text)).toBe('verified');
    expect(await reason({ ...body, status: 'ACCEPTED' })).toBe('BODY_MISMATCH');
    expect(await reason({ ...body, extra: 1 })).toBe('BODY_MISMATCH');
    expect(await reason(text, {})).toBe('NO_DELIVERY_ID');
    const { kid } = await rp.verifyCallback(text, headers);
    const { jwt: _jwt, ...resource } = body;
    expect(await reason(await forged(resource, kid))).toBe('BAD_SIGNATURE');
    expect(await reason({ ...body, jwt: `${body.jwt}x` })).toBe('BAD_SIGNATURE');
    expect(await reason('not json')).toBe('MALFORMED');
    expect(await reason(resource)).toBe('MALFORMED');
  });

  it("a callback verifies for its customer only; a device's JWT is no callback", async () => {
    const a = newCustomer(server());
    const b = newCustomer(server());
    await boundDevice(server(), a.customer, a.rp, 'rae');
    const created = await a.rp.createSvcfication({
      action: 'login',
      resource: 'web',
      desired_level: 1,
      user_identifier: 'rae',
      callback_url: receiver.url,
    });
    await a.rp.cancelSvcfication(created.id);
    const { text, headers } = await receiver.next();
    const verifierOf = (customerId: string) =>
      new CallbackVerifier({ baseUrl: server().url, customerId });

    expect(await outcome(a.rp.verifyCallback(text, headers))).toBe('verified');
    expect(await outcome(verifierOf(a.customer.id).verify(text, headers))).toBe('verified');
    // A's genuine callback, forwarded to B's endpoint.
    expect(await outcome(b.rp.verifyCallback(text, headers))).toBe('WRONG_CUSTOMER');
    expect(await outcome(verifierOf(b.customer.id).verify(text, headers))).toBe('WRONG_CUSTOMER');
    const fidoB = new FidoClient({ baseUrl: server().url, apiKey: b.customer.fido_api_key });
    expect(await outcome(fidoB.verifyCallback(text, headers))).toBe('WRONG_CUSTOMER');

    // A device JWT that svc signed (POST /devices answers it) posted as a callback body.
    const phone = new DeviceClient({
      baseUrl: server().url,
      credentials: b.customer.sdk_credentials,
    });
    const { jwt } = await phone.register();
    const posed = JSON.stringify({ sub: decodeJwt(jwt).sub, jwt });
    const delivery = { 'x-svc-delivery': 'd-device' };
    expect(await outcome(b.rp.verifyCallback(posed, delivery))).toBe('NOT_A_CALLBACK');
    expect(await outcome(verifierOf(b.customer.id).verify(posed, delivery))).toBe('NOT_A_CALLBACK');
  });

  it('FIDO registration and authentication callbacks verify through FidoClient', async () => {
    const { customer } = newCustomer(server());
    const fido = new FidoClient({ baseUrl: server().url, apiKey: customer.fido_api_key });
    await fido.createOrganization({
      name: 'Acme',
      domain_name: 'localhost',
      verify_attestation_statement: false,
    });
    const authenticator = new SoftAuthenticator();
    const page = async (link: string, step: 'options' | 'verify', extra: object = {}) => {
      const url = new URL(link);
      const response = await fetch(`${server().url}${url.pathname}/${step}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ secret: url.hash.slice(1), ...extra }),
      });
      expect(response.status).toBe(200);
      return { origin: url.origin, body: (await response.json()) as unknown };
    };

    const link = await fido.createRegistration({
      user: { user_identifier: 'quinn', name: 'Quinn' },
      callback_url: receiver.url,
    });
    const creation = await page(link.user_link, 'options');
    await page(link.user_link, 'verify', {
      response: authenticator.register(creation.body as CreationOptions, creation.origin),
    });
    const registered = await receiver.next();
    const registration = await fido.verifyCallback<FidoRegistration>(
      registered.text,
      registered.headers,
    );
    expect(registration.resource).toEqual(await fido.getRegistration(link.id));
    expect(registration.resource).toMatchObject({
      status: 'COMPLETED',
      user: { registered: true },
    });
    const other = newCustomer(server()).customer;
    const otherFido = new FidoClient({ baseUrl: server().url, apiKey: other.fido_api_key });
    expect(await outcome(otherFido.verifyCallback(registered.text, registered.headers))).toBe(
      'WRONG_CUSTOMER',
    );

    const login = await fido.createAuthentication({
      user_identifier: 'quinn',
      callback_url: receiver.url,
    });
    const request = await page(login.user_link, 'options');
    await page(login.user_link, 'verify', {
      response: authenticator.authenticate(request.body as RequestOptions, request.origin),
    });
    const authenticated = await receiver.next();
    const authentication = await fido.verifyCallback<FidoAuthentication>(
      authenticated.text,
      authenticated.headers,
    );
    expect(authentication.resource).toEqual(await fido.getAuthentication(login.id));
    expect(authentication.resource).toMatchObject({
      status: 'COMPLETED',
      user: { user_identifier: 'quinn' },
    });
    expect(authentication.deliveryId).not.toBe(registration.deliveryId);
  });
});
