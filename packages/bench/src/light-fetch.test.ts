import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lightFetch } from './light-fetch.js';

/** Answers with what it received: method, path, headers and body; `/empty` with a 204. */
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/empty') return res.writeHead(204).end();
      const echo = { method: req.method, url: req.url, header: req.headers['x-test'], body };
      res.writeHead(201, {
        'content-type': 'application/json',
        'x-answer': 'yes',
        'set-cookie': ['a=1; path=/', 'b=2; path=/'],
      });
      res.end(JSON.stringify(echo));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('lightFetch', () => {
  it('sends method, headers and body; answers status, headers and text', async () => {
    const http = lightFetch();
    const res = await http.fetch(`${base}/x?y=1`, {
      method: 'POST',
      headers: { 'X-Test': 'a' },
      body: '{"b":1}',
    });
    expect(res.status).toBe(201);
    expect(res.ok).toBe(true);
    expect(res.headers.get('x-answer')).toBe('yes');
    expect(res.headers.getSetCookie()).toEqual(['a=1; path=/', 'b=2; path=/']);
    expect(await res.json()).toEqual({
      method: 'POST',
      url: '/x?y=1',
      header: 'a',
      body: '{"b":1}',
    });
    const empty = await http.fetch(`${base}/empty`);
    expect([empty.status, await empty.text()]).toEqual([204, '']);
    http.close();
  });

  it('rejects when nothing listens', async () => {
    const http = lightFetch();
    await expect(http.fetch('http://127.0.0.1:1/')).rejects.toThrow();
    http.close();
  });
});
