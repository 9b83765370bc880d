import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A loopback HTTP callback receiver that fails the first `failures` deliveries with 503. */
export async function startReceiver(
  failures = 0,
  options: { port?: number; path?: string } = {},
): Promise<{
  url: string;
  deliveries: Delivery[];
  attempts: () => number;
  next(): Promise<Delivery>;
  close(): Promise<void>;
}> {
  const deliveries: Delivery[] = [];
  const waiting: ((d: Delivery) => void)[] = [];
  let attempts = 0;
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      attempts += 1;
      if (attempts <= failures) {
        res.writeHead(503).end();
        return;
      }
      const delivery = { headers: req.headers, body: JSON.parse(text) as Record<string, unknown> };
      deliveries.push(delivery);
      waiting.shift()?.(delivery);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${options.path ?? `/hooks/${Math.random().toString(36).slice(2)}`}`,
    deliveries,
    attempts: () => attempts,
    next: () =>
      new Promise((resolve) =>
        deliveries.length > waiting.length
          ? resolve(deliveries[waiting.length] as Delivery)
          : waiting.push(resolve),
      ),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
