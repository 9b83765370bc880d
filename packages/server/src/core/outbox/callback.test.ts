import { describe, expect, it } from 'vitest';
import { startReceiver } from '../../../test/e2e/receiver.js';
import { callbackDeliverer } from './callback.js';
import type { Resolve } from './callback-url.js';

/** A resolver that answers every name with loopback, recording the names it was asked. */
function loopbackResolver(): { resolve: Resolve; asked: string[] } {
  const asked: string[] = [];
  const resolve: Resolve = (host) => {
    asked.push(host);
    return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
  };
  return { resolve, asked };
}

const item = (target: string) => ({ id: 'd1', target, payload: { n: 1 } });

describe('callback delivery', () => {
  it('connects to the addresses its own lookup answered, and looks up once', async () => {
    const receiver = await startReceiver();
    const { resolve, asked } = loopbackResolver();
    const deliver = callbackDeliverer({ allowInsecure: true, resolve });
    const target = receiver.url.replace('127.0.0.1', 'rp.svc.test');
    await deliver(item(target));
    expect(receiver.deliveries).toMatchObject([
      { headers: { 'x-svc-delivery': 'd1' }, body: { n: 1 } },
    ]);
    expect(asked).toEqual(['rp.svc.test']);
    await receiver.close();
  });

  it('refuses a name that resolves to loopback when it connects; nothing is sent', async () => {
    const receiver = await startReceiver();
    const { resolve } = loopbackResolver();
    const deliver = callbackDeliverer({ allowInsecure: false, resolve });
    const target = receiver.url.replace('127.0.0.1', 'rebind.svc.test');
    await expect(deliver(item(target))).rejects.toThrow(
      'callback host resolves to a private address',
    );
    await expect(deliver(item(receiver.url))).rejects.toThrow(
      'callback host resolves to a private address',
    );
    expect(receiver.attempts()).toBe(0);
    await receiver.close();
  });

  it('gives up on a lookup that does not answer within the timeout', async () => {
    const resolve: Resolve = () => new Promise(() => undefined);
    const deliver = callbackDeliverer({ allowInsecure: false, resolve, timeoutMs: 200 });
    await expect(deliver(item('https://slow-dns.svc.test/x'))).rejects.toThrow(/timeout/);
  }, 2_000);

  it('stops when the worker aborts it', async () => {
    const receiver = await startReceiver();
    const { resolve } = loopbackResolver();
    const deliver = callbackDeliverer({ allowInsecure: true, resolve });
    const stopping = new AbortController();
    stopping.abort(new Error('outbox worker stopping'));
    await expect(deliver(item(receiver.url), stopping.signal)).rejects.toThrow(
      'outbox worker stopping',
    );
    expect(receiver.attempts()).toBe(0);
    await receiver.close();
  });
});
