import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers.js';
import { behindTls, oidcCalls } from './oidc.kit.js';

let lines: { msg?: string; url?: string }[] = [];
let t: TestApp;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().trim().split('\n'))
        lines.push(JSON.parse(line) as { msg?: string; url?: string });
      done();
    },
  });
  t = await testApp({}, {}, pino({ level: 'info' }, sink));
});
afterAll(async () => t.close());
const { organization } = oidcCalls(() => t);

describe("the provider's requests in the log", () => {
  it('keep their organization in the URL, as received', async () => {
    const c = await organization();
    lines = [];
    const urls = [`/oidc/${c.id}/token`, `/oidc/${c.id}/.well-known/openid-configuration?x=1`];
    for (const url of urls) await t.app.inject({ method: 'POST', url, headers: behindTls });
    await new Promise((resolve) => setTimeout(resolve, 300)); // the log is written in batches
    const done = lines.filter((l) => l.msg === 'request completed');
    expect(done.map((l) => l.url)).toEqual(urls);
  });
});
