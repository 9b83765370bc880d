import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readSvccodePayload, signSvccodePayload } from './svccode-payload.js';

const key = randomBytes(32);
const now = new Date('2026-01-15T12:00:00.000Z');
const claims = {
  id: '6f1c2b8e-8a51-4a0e-9c55-0d7c1f4b2a10',
  expiresAt: new Date('2026-01-15T12:05:00.000Z'),
};

describe('svccode payload', () => {
  it('reads back the id and expiry it was signed with', () => {
    const payload = signSvccodePayload(key, claims);
    expect(payload).toMatch(/^svc1\.[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(readSvccodePayload(key, payload, now)).toEqual(claims);
  });

  it('is void at and after its expiry second', () => {
    const payload = signSvccodePayload(key, claims);
    expect(
      readSvccodePayload(key, payload, new Date(claims.expiresAt.getTime() - 1)),
    ).not.toBeNull();
    expect(readSvccodePayload(key, payload, claims.expiresAt)).toBeNull();
  });

  it('refuses a payload signed with another key', () => {
    expect(readSvccodePayload(key, signSvccodePayload(randomBytes(32), claims), now)).toBeNull();
  });

  it('refuses any altered part: id, expiry, MAC, prefix, shape', () => {
    const payload = signSvccodePayload(key, claims);
    const [prefix, id, expiry, mac] = payload.split('.') as [string, string, string, string];
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const variants = [
      [prefix, id.replace(/.$/, (c) => (c === '0' ? '1' : '0')), expiry, mac],
      [prefix, id, String(Number(expiry) + 3600), mac],
      [prefix, id, expiry, flip(mac[0] ?? '') + mac.slice(1)],
      ['svc2', id, expiry, mac],
      [prefix, id, expiry],
      [prefix, id, expiry, mac, 'extra'],
      [prefix, `${id}x`.replace(/-/g, '_'), expiry, mac],
    ].map((parts) => parts.join('.'));
    for (const variant of [...variants, '', 'garbage', `${payload} `])
      expect(readSvccodePayload(key, variant, now), variant).toBeNull();
  });

  it('accepts only the canonical encoding of the MAC', () => {
    const payload = signSvccodePayload(key, claims);
    // The last base64url character of 32 bytes carries 2 unused bits; another value decodes to the same bytes.
    const last = payload.at(-1) ?? '';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling =
      alphabet[(alphabet.indexOf(last) & ~3) | ((alphabet.indexOf(last) + 1) & 3)] ?? '';
    const altered = payload.slice(0, -1) + sibling;
    expect(Buffer.from(altered.split('.')[3] ?? '', 'base64url')).toEqual(
      Buffer.from(payload.split('.')[3] ?? '', 'base64url'),
    );
    expect(readSvccodePayload(key, altered, now)).toBeNull();
  });
});
