import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFetch, testApp, type TestApp } from '../../server/test/helpers.js';
import { DeviceClient, RpClient, SvccodeClient } from '../src/index.js';

// The SDK README's examples, checked against the whole server in-process (its test app).
const readme = readFileSync(join(import.meta.dirname, '../README.md'), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');

/** The README's code block that starts with `comment`. */
function block(comment: string): string {
  const found = blocks.find((b) => b.startsWith(comment));
  if (!found) throw new Error(`no README block starts with ${comment}`);
  return found;
}

let t: TestApp;
const options = () => ({ baseUrl: 'http://svc', fetch: injectFetch(t.app) });
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

describe('the SDK README', () => {
  it('imports only what its entries export', async () => {
    const imports = [...readme.matchAll(/^import \{([^}]*)\} from '(@svc\/sdk[^']*)';/gm)];
    expect(imports.map((m) => m[2])).toContain('@svc/sdk/svccode');
    for (const [, names = '', entry = ''] of imports) {
      const module = (await import(entry)) as Record<string, unknown>;
      for (const name of names.split(',').map((n) => n.trim()))
        if (name && !name.startsWith('type '))
          expect(module[name], `${name} of ${entry}`).toBeDefined();
    }
  });

  it('svccodes, your backend: a newly registered phone confirms and is bound', async () => {
    const rp = new RpClient({ ...options(), credentials: t.customer.server_credentials });
    const device = new DeviceClient({ ...options(), credentials: t.customer.sdk_credentials });
    await device.register(); // new: inactive
    const code = await new SvccodeClient(options()).create(t.customer.id);
    await device.pair(code.payload);

    const backend = block('// In your backend: which device scanned it');
    // The block as the body of an async function of the names it uses.
    const AsyncFunction = (async () => undefined).constructor as FunctionConstructor;
    const run = new AsyncFunction('rp', 'codeId', backend) as (
      rp: RpClient,
      codeId: string,
    ) => Promise<void>;
    const linking = run(rp, code.id);
    let asked = await device.next({ wait: 1 });
    // The example activates the device before it asks: until then `next` has nothing for it.
    for (let polls = 0; !asked && polls < 10; polls++) asked = await device.next({ wait: 1 });
    expect(asked).toMatchObject({ action: 'link account', status: 'IN_PROGRESS' });
    await device.accept(asked?.id ?? '', { level: 1 });
    await linking;

    expect(await rp.getUserIdentifier('user-42')).toMatchObject({ identifier: 'user-42' });
    expect(await rp.getDevice(device.identifier)).toMatchObject({ active: true });
  });
});
