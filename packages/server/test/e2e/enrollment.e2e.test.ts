import { DeviceClient, RpClient } from '@svc/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedCustomer } from '../../src/areas/customers/issue-credentials.js';
import { removeDataDir, startServer, svc, storeEnv, type RunningServer } from './server.js';

describe('enrollment against a running server', () => {
  let server: RunningServer;
  let customer: IssuedCustomer;
  beforeAll(async () => {
    server = await startServer({ env: { SVC_LOG_LEVEL: 'warn' } });
    const created = svc(['customers', 'create', '--name', 'acme', '--json'], {
      ...storeEnv(server.dataDir),
      SVC_DATA_DIR: server.dataDir,
    });
    if (created.status !== 0) throw new Error(created.stderr);
    customer = JSON.parse(created.stdout) as IssuedCustomer;
  });
  afterAll(async () => {
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
  });

  it("the RP's long poll wakes when the SDK device enrolls; the device is served with its own credentials", async () => {
    const rp = new RpClient({ baseUrl: server.url, credentials: customer.server_credentials });
    const created = await rp.createEnrollment('alice');
    const waiting = rp.getEnrollment(created.id, { wait: 20 });
    const { device, enrolled } = await DeviceClient.enroll(created.code, { baseUrl: server.url });
    expect(await waiting).toMatchObject({
      status: 'ENROLLED',
      device_identifier: enrolled.identifier,
    });
    const asked = await rp.createSvcfication({
      action: 'login',
      resource: 'web',
      desired_level: 1,
      user_identifier: 'alice',
    });
    expect((await device.next({ wait: 5 }))?.id).toBe(asked.id);
    await device.accept(asked.id, { level: 1 });
    expect((await rp.getSvcfication(asked.id)).status).toBe('ACCEPTED');
  });
});
