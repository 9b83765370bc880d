import { DeviceClient, RpClient } from '@svc/sdk';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createCustomerWithCli, svc, useServer } from './server.js';

const server = useServer();

describe('Area B identity flow over HTTP against a spawned `svc serve`', () => {
  it('register device → bind → activate → register document → read documents → deactivate user', async () => {
    const customer = createCustomerWithCli(server().dataDir, 'flow corp');
    const rp = new RpClient({ baseUrl: server().url, credentials: customer.server_credentials });
    const device = new DeviceClient({
      baseUrl: server().url,
      credentials: customer.sdk_credentials,
    });

    const registered = await device.register('ios');
    expect(registered.status).toBe(201);
    const { payload } = await jwtVerify(
      registered.jwt,
      createRemoteJWKSet(new URL(`${server().url}/jwks`)),
    );
    expect(payload.sub).toBe(registered.identifier);

    const binding = await rp.bindDevice(registered.identifier, 'user-42');
    expect((await rp.setBindingActive(binding.id, true)).active).toBe(true);
    expect((await rp.setDeviceActive(registered.identifier, true)).active).toBe(true);

    const document = await device.registerDocument({
      hash: 'sha256-of-license',
      first_name: 'JANE',
    });
    expect(await rp.listDocuments('user-42')).toEqual([document]);
    expect(await rp.getDocument(document.id)).toEqual(document);

    await rp.deactivateUser('user-42');
    expect((await rp.getDevice(registered.identifier)).active).toBe(false);
  });

  it('`svc keys rotate` while the server runs: old JWTs still verify', async () => {
    const customer = createCustomerWithCli(server().dataDir, 'rotation corp');
    const device = new DeviceClient({
      baseUrl: server().url,
      credentials: customer.sdk_credentials,
    });
    const before = await device.register();
    const rotated = svc(['keys', 'rotate', '--data-dir', server().dataDir]);
    expect(rotated.status).toBe(0);
    const jwks = (await (await fetch(`${server().url}/jwks`)).json()) as { keys: unknown[] };
    expect(jwks.keys.length).toBe(2);
    expect(
      (await jwtVerify(before.jwt, createRemoteJWKSet(new URL(`${server().url}/jwks`)))).payload
        .sub,
    ).toBe(before.identifier);
  });
});
