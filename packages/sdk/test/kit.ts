import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IssuedCustomer } from '../../server/src/areas/customers/issue-credentials.js';
import { createCustomerWithCli, type RunningServer } from '../../server/test/e2e/server.js';
import { DeviceClient, payloads, RpClient } from '../src/index.js';

// The SDK is tested against the real `svc serve` that the server's end-to-end tests spawn.
export { useServer } from '../../server/test/e2e/server.js';

/** A fresh customer (through the CLI) and an RpClient with its server credentials. */
export function newCustomer(server: RunningServer): { customer: IssuedCustomer; rp: RpClient } {
  const customer = createCustomerWithCli(server.dataDir, `sdk-${Math.random()}`);
  return {
    customer,
    rp: new RpClient({ baseUrl: server.url, credentials: customer.server_credentials }),
  };
}

/** A registered, active device bound (actively) to `userIdentifier`, ready to be asked. */
export async function boundDevice(
  server: RunningServer,
  customer: IssuedCustomer,
  rp: RpClient,
  userIdentifier: string,
): Promise<DeviceClient> {
  const device = new DeviceClient({ baseUrl: server.url, credentials: customer.sdk_credentials });
  await device.register();
  await rp.setDeviceActive(device.identifier, true);
  const binding = await rp.bindDevice(device.identifier, userIdentifier);
  await rp.setBindingActive(binding.id, true);
  return device;
}

/** The device approves svcfication `id` at `level` (3 needs the hash of its registered document). */
export async function approve(
  device: DeviceClient,
  id: string,
  level: 1 | 2 | 3 = 1,
  documentHash = '',
): Promise<void> {
  const keys = await device.keys();
  const answers = [payloads.deviceAr(keys, id, device.identifier)];
  if (level >= 2) answers.push(payloads.userPresence(keys, id, device.identifier));
  if (level >= 3) answers.push(payloads.license(keys, id, device.identifier, documentHash));
  await device.signed('POST', '/api/v2/svcfication_responses', {
    payloads: await Promise.all(answers),
  });
}

export interface RawDelivery {
  text: string;
  headers: IncomingHttpHeaders;
}

/** A loopback callback receiver that keeps each POST's raw body and headers, answering 204. */
export async function startReceiver(): Promise<{
  url: string;
  next(): Promise<RawDelivery>;
  close(): Promise<void>;
}> {
  const received: RawDelivery[] = [];
  const waiting: ((d: RawDelivery) => void)[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const delivery = { text, headers: req.headers };
      const waiter = waiting.shift();
      if (waiter) waiter(delivery);
      else received.push(delivery);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callbacks`,
    next: () =>
      new Promise((resolve) => {
        const ready = received.shift();
        if (ready) resolve(ready);
        else waiting.push(resolve);
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
