import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDataDir, startServer, type RunningServer } from './server.js';

// A server whose open-file limit is lowered to 256 descriptors, with the connection cap that its
// default derives from that limit (256 less 128 kept for itself), and a 2 s request timeout.
let server: RunningServer;
const descriptorLimit = 256;
beforeAll(async () => {
  server = await startServer({
    env: {
      SVC_REQUEST_TIMEOUT_SECONDS: '2',
      SVC_HEADERS_TIMEOUT_SECONDS: '2',
      SVC_MAX_CONNECTIONS: String(descriptorLimit - 128),
      SVC_RATE_LIMIT_PER_ADDRESS: '0',
    },
  });
  const pid = String(server.process.pid);
  execFileSync('prlimit', ['--pid', pid, `--nofile=${descriptorLimit}:${descriptorLimit}`]);
});
afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

/** Headers and one byte of a declared 100 kB body, from one of many loopback addresses. */
function slowClient(url: URL, from: string): Promise<void> {
  return new Promise((resolve) => {
    const socket: Socket = connect({
      host: url.hostname,
      port: Number(url.port),
      localAddress: from,
    });
    socket.on('connect', () =>
      socket.write(
        'POST /api/v2/verifications HTTP/1.1\r\nHost: svc\r\n' +
          'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
      ),
    );
    socket.on('error', () => undefined);
    socket.resume(); // reads the 408, so the server's close is seen
    socket.on('close', () => resolve());
  });
}

const openDescriptors = () => readdirSync(`/proc/${String(server.process.pid)}/fd`).length;

describe('slow clients', () => {
  it('are closed after the request timeout and never take the last descriptor', async () => {
    const url = new URL(server.url);
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, openDescriptors())), 50);
    const started = Date.now();
    // 300 connections from 250 addresses, more than the descriptors the process may open.
    const closed = Promise.all(
      Array.from({ length: 300 }, (_, i) => slowClient(url, `127.0.${1 + (i % 250)}.1`)),
    );
    await closed;
    clearInterval(sampler);
    // Refused at once beyond the cap, or answered 408 once the 2 s timeout passed (checked each s).
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(most).toBeLessThan(descriptorLimit);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
  });
});
