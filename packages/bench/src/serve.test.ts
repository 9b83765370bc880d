import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cpuMicros,
  createCustomer,
  peakRssMb,
  serve,
  serveBare,
  shebangFlags,
  stop,
  svcBin,
} from './serve.js';

const bin = svcBin;
const dir = mkdtempSync(join(tmpdir(), 'svc-serve-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the bench serving a build', () => {
  it('reads a process CPU time from /proc, and it grows with work', () => {
    const before = cpuMicros(process.pid);
    expect(before).toBeGreaterThan(0);
    // Busy until the next clock tick (10 ms of CPU) is counted, for 5 s at most.
    let after = before;
    for (const until = Date.now() + 5000; after === before && Date.now() < until;)
      after = cpuMicros(process.pid);
    expect(after - before).toBeGreaterThanOrEqual(10_000);
  });

  it("passes the Node.js flags of the bin's #! line", () => {
    expect(shebangFlags(bin)).toEqual(['--no-memory-reducer']);
  });

  it('reads the peak resident set of a process', () => {
    expect(peakRssMb(process.pid)).toBeGreaterThan(10);
  });

  it('starts the bare Fastify server, which answers and ends with its stdin', async () => {
    const bare = await serveBare(dir);
    const answer = await fetch(`${bare.url}/json`, { method: 'POST', body: '{}' });
    expect(await answer.json()).toEqual({ hello: 'world' });
    const ended = new Promise((resolve) => bare.child.once('exit', resolve));
    bare.child.stdin?.end();
    expect(await ended).toBe(0);
  });

  it('starts `svc serve` with a customer of the CLI, answers, and stops it', async () => {
    const customer = createCustomer(bin, ['--data-dir', dir]);
    expect(customer.sandbox_token).toEqual(expect.any(String));
    const served = await serve(bin, dir);
    try {
      expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const answer = await fetch(`${served.url}/api/v2/verifications`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${customer.sandbox_token}`,
        },
        body: JSON.stringify({ aamva: { identification_id: 'DL000001' } }),
      });
      expect(answer.status).toBe(200);
    } finally {
      await stop(served);
    }
    expect(served.child.exitCode ?? served.child.signalCode).not.toBeNull();
  });

  it('tells what the process said when it cannot start', async () => {
    await expect(serve(bin, dir, { args: ['--port', 'many'] })).rejects.toThrow(
      /svc serve exited with/,
    );
  });
});
