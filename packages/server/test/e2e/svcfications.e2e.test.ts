import { DeviceClient, payloads, RpClient } from '@svc/sdk';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { startReceiver } from './receiver.js';
import { createCustomerWithCli, removeDataDir, startServer, useServer } from './server.js';

const env = { SVC_OUTBOX_RETRY_BASE_MS: '50', SVC_LOG_LEVEL: 'warn' };
const server = useServer({ env });

type Svc = { id: string; status: string };

async function setup(url: string, dataDir: string) {
  const customer = createCustomerWithCli(dataDir, `corp-${Math.random()}`);
  const rp = new RpClient({ baseUrl: url, credentials: customer.server_credentials });
  const device = new DeviceClient({ baseUrl: url, credentials: customer.sdk_credentials });
  await device.register();
  const binding = await rp.bindDevice(device.identifier, 'alice');
  await rp.setBindingActive(binding.id, true);
  await rp.setDeviceActive(device.identifier, true);
  return { rp, device, customer };
}

describe('svcfications over HTTP against a spawned `svc serve`', () => {
  it('full round trip with a callback whose JWT verifies at /jwks, after the receiver failed three times', async () => {
    const receiver = await startReceiver(3);
    const { rp, device } = await setup(server().url, server().dataDir);
    const created = (
      await rp.request<Svc>('POST', '/api/v2/svcfications', {
        action: 'login',
        resource: 'web',
        desired_level: 2,
        user_identifier: 'alice',
        callback_url: receiver.url,
      })
    ).body;
    const next = (await device.signed<Svc>('GET', '/api/v2/svcfications/next?wait=5')).body;
    expect(next.id).toBe(created.id);
    await device.signed('POST', '/api/v2/svcfication_responses', {
      payloads: [
        await payloads.deviceAr(await device.keys(), next.id, device.identifier),
        await payloads.userPresence(await device.keys(), next.id, device.identifier),
      ],
    });
    const final = (await rp.request<Svc>('GET', `/api/v2/svcfications/${created.id}?wait=5`)).body;
    expect(final.status).toBe('ACCEPTED');

    const delivery = await receiver.next();
    expect(receiver.attempts()).toBe(4);
    expect(delivery.headers['x-svc-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    const { jwt, ...body } = delivery.body;
    expect(body).toEqual(final);
    const { payload, protectedHeader } = await jwtVerify(
      String(jwt),
      createRemoteJWKSet(new URL(`${server().url}/jwks`)),
    );
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({ id: created.id, status: 'ACCEPTED' });
    await receiver.close();
  });

  it('a rejected svcfication calls back too, with REJECTED in the body and the signed JWT', async () => {
    const receiver = await startReceiver();
    const { rp, device } = await setup(server().url, server().dataDir);
    const created = (
      await rp.request<Svc>('POST', '/api/v2/svcfications', {
        action: 'login',
        resource: 'web',
        desired_level: 1,
        user_identifier: 'alice',
        callback_url: receiver.url,
      })
    ).body;
    const next = (await device.signed<Svc>('GET', '/api/v2/svcfications/next?wait=5')).body;
    expect(next.id).toBe(created.id);
    await device.reject(next.id);
    const final = (await rp.request<Svc>('GET', `/api/v2/svcfications/${created.id}?wait=5`)).body;
    expect(final.status).toBe('REJECTED');

    const delivery = await receiver.next();
    const { jwt, ...body } = delivery.body;
    expect(body).toEqual(final);
    const { payload } = await jwtVerify(
      String(jwt),
      createRemoteJWKSet(new URL(`${server().url}/jwks`)),
    );
    expect(payload).toMatchObject({ id: created.id, status: 'REJECTED' });
    await receiver.close();
  });

  it('an expiry callback fires without anyone polling', async () => {
    const receiver = await startReceiver();
    const { rp } = await setup(server().url, server().dataDir);
    const expires = new Date(Date.now() + 1500).toISOString();
    const created = (
      await rp.request<Svc>('POST', '/api/v2/svcfications', {
        action: 'login',
        resource: 'web',
        desired_level: 1,
        user_identifier: 'alice',
        callback_url: receiver.url,
        expires_at: expires,
      })
    ).body;
    const delivery = await receiver.next();
    expect(delivery.body).toMatchObject({ id: created.id, status: 'EXPIRED' });
    await receiver.close();
  });

  it('a callback owed when the server stops is delivered after a restart', async () => {
    const first = await startServer({ env: { ...env, SVC_OUTBOX_RETRY_BASE_MS: '200' } });
    const { rp } = await setup(first.url, first.dataDir);
    const down = await startReceiver(Number.MAX_SAFE_INTEGER);
    const created = (
      await rp.request<Svc>('POST', '/api/v2/svcfications', {
        action: 'login',
        resource: 'web',
        desired_level: 1,
        user_identifier: 'alice',
        callback_url: down.url,
      })
    ).body;
    await rp.request('DELETE', `/api/v2/svcfications/${created.id}`);
    while (down.attempts() === 0) await new Promise((r) => setTimeout(r, 20));
    expect(await first.stop()).toBe(0);
    await down.close();

    const target = new URL(down.url);
    const up = await startReceiver(0, { port: Number(target.port), path: target.pathname });
    const again = await startServer({ dataDir: first.dataDir, env });
    const delivery = await up.next();
    expect(delivery.body).toMatchObject({ id: created.id, status: 'CANCELED' });
    await up.close();
    await again.stop();
    removeDataDir(first.dataDir);
  });

  it('every acknowledged write survives a SIGKILL of the server', async () => {
    // Twenty open ones for one user: beyond the default fatigue limit of five.
    const first = await startServer({ env: { ...env, SVC_SVCFICATION_OPEN_LIMIT: '20' } });
    const { rp, device, customer } = await setup(first.url, first.dataDir);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++)
      ids.push(
        (
          await rp.request<Svc>('POST', '/api/v2/svcfications', {
            action: 'login',
            resource: `r${i}`,
            desired_level: 1,
            user_identifier: 'alice',
          })
        ).body.id,
      );
    const answered = ids[0] ?? '';
    await device.signed('POST', '/api/v2/svcfication_responses', {
      payloads: [await payloads.deviceAr(await device.keys(), answered, device.identifier)],
    });
    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));

    const again = await startServer({ dataDir: first.dataDir, env });
    const reader = new RpClient({ baseUrl: again.url, credentials: customer.server_credentials });
    const statuses = await Promise.all(
      ids.map(
        async (id) => (await reader.request<Svc>('GET', `/api/v2/svcfications/${id}`)).body.status,
      ),
    );
    expect(statuses[0]).toBe('ACCEPTED');
    expect(statuses.slice(1).every((s) => s === 'IN_PROGRESS')).toBe(true);
    await again.stop();
    removeDataDir(first.dataDir);
  });

  it('SIGTERM answers the requests in flight (a held long poll gets its 204), then exits 0', async () => {
    const other = await startServer({ env });
    const { device } = await setup(other.url, other.dataDir);
    const polling = device.signed('GET', '/api/v2/svcfications/next?wait=30').then(
      (r) => r.status,
      () => -1,
    );
    await new Promise((r) => setTimeout(r, 200));
    const exit = await other.stop();
    expect(exit, other.output()).toBe(0);
    expect(await polling).toBe(204);
    removeDataDir(other.dataDir);
  });
});
