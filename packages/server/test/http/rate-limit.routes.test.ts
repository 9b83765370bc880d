import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fidoCalls, parseLink } from '../fido.kit.js';
import { testApp, type TestApp } from '../helpers.js';
import { behindTls, oidcCalls, redirectUri } from '../oidc/oidc.kit.js';

let t: TestApp;
// The limiter (rate-limiter-flexible) reads its windows off `Date`: only `Date` is faked, so time
// moves for it exactly when the service's own clock moves (`nextWindow`).
beforeAll(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterAll(() => vi.useRealTimers());
beforeAll(async () => {
  t = await testApp({
    rateLimitAuthFailuresPerAddress: 5,
    rateLimitAuthFailuresPerToken: 3,
    rateLimitPerCredential: 4,
  });
});
afterAll(async () => t.close());

/** A sandbox verification with an empty body (422 once authenticated) on `app`. */
const verifyOn =
  (app: TestApp) =>
  (token: string, remoteAddress = '127.0.0.1') =>
    app.app.inject({
      method: 'POST',
      url: '/api/v2/verifications',
      remoteAddress,
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
const verify = (token: string, remoteAddress: string) => verifyOn(t)(token, remoteAddress);

/** Past the current limit window, on the service's clock and the limiter's. */
function nextWindow(): void {
  t.clock.advance(61_000);
  vi.setSystemTime(Date.now() + 61_000);
}

describe('rate limits', () => {
  it('a burst of bad tokens from one address → its further failures 429, with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await verify(`bad-${i}`, '10.0.0.1'));
    expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
    const refused = answers[6]!;
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ error: 'RATE_LIMITED', message: expect.any(String) });
    // A request that authenticates from that address still passes: no lockout of the innocent.
    const good = t.customer.sandbox_token;
    expect((await verify(good, '10.0.0.1')).statusCode).toBe(422);
    expect((await verify('bad-again', '10.0.0.1')).statusCode).toBe(429);
    // The next window counts anew.
    nextWindow();
    expect((await verify('bad-next', '10.0.0.1')).statusCode).toBe(401);
  });

  it('counts one IPv6 /64 as one client, and ::1 with 127.0.0.1', async () => {
    nextWindow();
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await verify(`v6-${i}`, `2001:db8:7:7::${i + 1}`)).statusCode);
    for (let i = 0; i < 3; i++)
      statuses.push((await verify(`v6-${i}`, `2001:db8:7:7:${i + 1}::9`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await verify('other-64', '2001:db8:7:8::1')).statusCode).toBe(401);
    nextWindow();
    const loop = [];
    for (let i = 0; i < 3; i++) loop.push((await verify(`lo-${i}`, '::1')).statusCode);
    for (let i = 0; i < 3; i++) loop.push((await verify(`lo-${i}`, '127.0.0.1')).statusCode);
    expect(loop).toEqual([401, 401, 401, 401, 401, 429]);
    nextWindow();
  });

  it("the OpenID Provider's refused client secrets count; its refused access tokens do not", async () => {
    const { oidc_client_id: clientId, id } = (await fidoCalls(() => t).withOrganization()).org;
    const token = () =>
      t.app.inject({
        method: 'POST',
        url: `/oidc/${String(id)}/token`,
        remoteAddress: '10.0.0.9',
        headers: {
          authorization: `Basic ${Buffer.from(`${String(clientId)}:wrong`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'grant_type=authorization_code&code=x&redirect_uri=https%3A%2F%2Fa.test',
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await token()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Only the raw route refuses the client; the others serve its authenticated requests.
    expect((await verify(t.customer.sandbox_token, '10.0.0.9')).statusCode).toBe(422);
    nextWindow();
    // A refused access token (expired, revoked: normal use, the client refreshes) is not counted.
    const me = () =>
      t.app.inject({
        url: `/oidc/${String(id)}/me`,
        remoteAddress: '10.0.0.10',
        headers: { authorization: 'Bearer expired-or-revoked' },
      });
    const refused = [];
    for (let i = 0; i < 7; i++) refused.push((await me()).statusCode);
    expect(refused).toEqual([401, 401, 401, 401, 401, 401, 401]);
  });

  it('guessed authorization codes count: past the limit the token endpoint answers 429', async () => {
    nextWindow();
    const { id, clientId } = await oidcCalls(() => t).organization();
    const guess = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: `/oidc/${id}/token`,
        remoteAddress: '10.0.0.11',
        headers: { ...behindTls, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          code_verifier: 'v'.repeat(43),
          client_id: clientId,
        }).toString(),
      });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await guess(`guess-${i}`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    // Raw answers are counted once sent (onResponse): wait for the last count to be stored.
    const failures = t.app.httpCore.limits.failuresPerAddress;
    await vi.waitFor(async () => expect(await failures.reached('10.0.0.11')).not.toBeNull());
    expect((await guess('guess-5')).statusCode).toBe(429);
    nextWindow();
  });

  it('failures with one token from many addresses → 429, the token itself still works', async () => {
    nextWindow();
    const token = t.customer.fido_api_key;
    const call = (auth: string, remoteAddress: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/organizations/x',
        remoteAddress,
        headers: { authorization: auth },
      });
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await call(`SVC ${token}x`, `10.1.0.${i}`)).statusCode);
    expect(statuses).toEqual([403, 403, 403, 429, 429]);
    expect((await call(`SVC ${token}`, '10.1.0.9')).statusCode).not.toBe(429);
  });

  it("one customer's flood does not limit another customer", async () => {
    nextWindow();
    const other = await t.newCustomer('globex');
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await verify(t.customer.sandbox_token, '10.2.0.1')).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 429, 429]);
    expect((await verify(other.sandbox_token, '10.2.0.1')).statusCode).toBe(422);
  });
});

describe('behind a proxy (SVC_TRUST_PROXY)', () => {
  const burst = async (app: TestApp, forwardedFor: string) => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/v2/verifications',
        remoteAddress: '10.9.9.9', // the proxy
        headers: { authorization: 'Bearer nope', 'x-forwarded-for': forwardedFor },
        payload: {},
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  };

  it('counts each client named by a trusted proxy; without trust, the proxy is the client', async () => {
    const trusting = await testApp({ rateLimitAuthFailuresPerAddress: 3, trustProxy: '10.9.9.9' });
    const refusedAfterThree = [401, 401, 401, 429, 429, 429];
    expect(await burst(trusting, '203.0.113.1')).toEqual(refusedAfterThree);
    expect((await burst(trusting, '203.0.113.2'))[0]).toBe(401);
    await trusting.close();
    const plain = await testApp({ rateLimitAuthFailuresPerAddress: 3 });
    expect(await burst(plain, '203.0.113.1')).toEqual(refusedAfterThree);
    expect((await burst(plain, '203.0.113.2'))[0]).toBe(429);
    await plain.close();
  });
});

describe('wrong FIDO link secrets', () => {
  it('count as failed authentication: past the limit a link answers 429, its real secret still works', async () => {
    const app = await testApp({ rateLimitAuthFailuresPerToken: 3 });
    const { withOrganization } = fidoCalls(() => app);
    const c = await withOrganization();
    const created = await c.call('POST', '/api/v1/registrations', {
      user: { user_identifier: 'alice' },
    });
    const { path, secret } = parseLink(created.body.user_link);
    const options = (guess: string, remoteAddress: string) =>
      app.app.inject({
        method: 'POST',
        url: `${path}/options`,
        remoteAddress,
        payload: { secret: guess },
      });
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await options(`guess-${i}`, `10.7.0.${i}`)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
    expect((await options(secret, '10.7.0.9')).statusCode).toBe(200);
    await app.close();
  });
});

describe('fair share under contention (SVC_RATE_LIMIT_CONTENDED_PER_SECOND)', () => {
  it("paces a flooding customer's answers while another is served; the other is answered first", async () => {
    // One answer every 20 ms: slower than either store answers a burst, even on a loaded machine.
    const app = await testApp({ rateLimitContendedPerSecond: 50 });
    const other = await app.newCustomer('globex');
    const call = verifyOn(app);
    expect((await call(other.sandbox_token)).statusCode).toBe(422); // the other customer is active
    const order: string[] = [];
    const flood = Array.from({ length: 30 }, (_, i) =>
      call(app.customer.sandbox_token).then((r) => order.push(`a${i}:${r.statusCode}`)),
    );
    const quiet = call(other.sandbox_token).then((r) => order.push(`b:${r.statusCode}`));
    await Promise.all([...flood, quiet]);
    expect(order).toHaveLength(31);
    expect(order.filter((o) => o.startsWith('a')).every((o) => o.endsWith(':422'))).toBe(true);
    // Without pacing it comes last (its request was sent last); paced, the flood's waiting answers
    // come after it. How many wait depends on how fast this machine answers, so only some must.
    expect(order.indexOf('b:422')).toBeLessThan(30);
    const metrics = await app.app.inject({ method: 'GET', url: '/metrics' });
    const paced = Number(/^svc_fair_share_paced_total (\d+)$/m.exec(metrics.body)?.[1]);
    expect(paced).toBeGreaterThan(0);
    await app.close();
  });

  it('paces the refusals of a bad-token flood by client address, not the customers', async () => {
    const app = await testApp({ rateLimitContendedPerSecond: 250 }); // an address: 50 a second
    const call = verifyOn(app);
    expect((await call(app.customer.sandbox_token, '10.7.0.2')).statusCode).toBe(422); // active
    const order: string[] = [];
    const flood = Array.from({ length: 30 }, (_, i) =>
      call('not-a-token', '10.7.0.1').then((r) => order.push(`x${i}:${r.statusCode}`)),
    );
    const customer = call(app.customer.sandbox_token, '10.7.0.2').then((r) =>
      order.push(`c:${r.statusCode}`),
    );
    await Promise.all([...flood, customer]);
    expect(order.filter((o) => o.startsWith('x')).every((o) => /:(401|429)$/.test(o))).toBe(true);
    expect(order.indexOf('c:422')).toBeLessThan(30); // last without pacing
    const metrics = await app.app.inject({ method: 'GET', url: '/metrics' });
    expect(Number(/^svc_fair_share_paced_total (\d+)$/m.exec(metrics.body)?.[1])).toBeGreaterThan(
      0,
    );
    await app.close();
  });
});
