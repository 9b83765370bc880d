import { createHmac, randomBytes } from 'node:crypto';
import { compactVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { readSvccodePayload, signSvccodePayload } from './svccode-payload.js';

const key = randomBytes(32);
const now = new Date('2026-01-15T12:00:00.000Z');
const terms = {
  id: '6f1c2b8e-8a51-4a0e-9c55-0d7c1f4b2a10',
  expiresAt: new Date('2026-01-15T12:05:00.250Z'),
};
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString());
/** A payload made with the right key, as svc would sign any header and claims given. */
const signed = (head: string, body: string) =>
  `${head}.${body}.${createHmac('sha256', key).update(`${head}.${body}`).digest('base64url')}`;

describe('svccode payload', () => {
  it('is a compact HS256 JWS whose middle part is {id, exp} with exp in epoch milliseconds', async () => {
    const payload = signSvccodePayload(key, terms);
    const parts = payload.split('.');
    expect(parts).toHaveLength(3);
    for (const part of parts) expect(part).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decode(parts[0] ?? '')).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decode(parts[1] ?? '')).toEqual({ id: terms.id, exp: 1768478700250 });
    // Any JWS library verifies it with the key.
    const verified = await compactVerify(payload, key);
    expect(verified.protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it('reads back the id and expiry it was signed with', () => {
    expect(readSvccodePayload(key, signSvccodePayload(key, terms), now)).toEqual(terms);
  });

  it('is void from its expiry millisecond on', () => {
    const payload = signSvccodePayload(key, terms);
    const before = new Date(terms.expiresAt.getTime() - 1);
    expect(readSvccodePayload(key, payload, before)).toEqual(terms);
    expect(readSvccodePayload(key, payload, terms.expiresAt)).toBeNull();
  });

  it('refuses a payload signed with another key', () => {
    expect(readSvccodePayload(key, signSvccodePayload(randomBytes(32), terms), now)).toBeNull();
  });

  it('refuses any altered part: header, claims, MAC, shape', () => {
    const payload = signSvccodePayload(key, terms);
    const [head, body, mac] = payload.split('.') as [string, string, string];
    const later = b64({ id: terms.id, exp: terms.expiresAt.getTime() + 3_600_000 });
    const other = b64({ id: '00000000-0000-4000-8000-000000000000', exp: 1768478700250 });
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const variants = [
      [head, later, mac],
      [head, other, mac],
      [head, body, flip(mac[0] ?? '') + mac.slice(1)],
      [b64({ alg: 'none', typ: 'JWT' }), body, ''],
      [b64({ alg: 'none' }), body, mac],
      [head, body],
      [head, body, mac, 'extra'],
      [`${head}=`, body, mac],
      [head, `${body}=`, mac],
      [head, body, `${mac}=`],
    ].map((parts) => parts.join('.'));
    for (const variant of [...variants, '', 'garbage', `${payload} `, payload.replace(/\./g, '')])
      expect(readSvccodePayload(key, variant, now), variant).toBeNull();
  });

  it('refuses a correctly keyed MAC over another header or malformed claims', () => {
    const header = b64({ alg: 'HS256', typ: 'JWT' });
    expect(readSvccodePayload(key, signed(header, b64({ id: terms.id, exp: 1e13 })), now)).toEqual({
      id: terms.id,
      expiresAt: new Date(1e13),
    });
    for (const [head, body] of [
      [b64({ typ: 'JWT', alg: 'HS256' }), b64({ id: terms.id, exp: 1e13 })],
      [header, b64({ id: terms.id, exp: String(1e13) })],
      [header, b64({ id: terms.id, exp: 1e13 + 0.5 })],
      [header, b64({ id: 'not an id!', exp: 1e13 })],
      [header, b64({ exp: 1e13 })],
      [header, b64([terms.id, 1e13])],
      [header, Buffer.from('{not json').toString('base64url')],
    ] as const)
      expect(readSvccodePayload(key, signed(head, body), now), body).toBeNull();
  });

  it('accepts only the canonical encoding of the MAC', () => {
    const payload = signSvccodePayload(key, terms);
    // The last base64url character of 32 bytes carries 2 unused bits; another value decodes to the same bytes.
    const last = payload.at(-1) ?? '';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling =
      alphabet[(alphabet.indexOf(last) & ~3) | ((alphabet.indexOf(last) + 1) & 3)] ?? '';
    const altered = payload.slice(0, -1) + sibling;
    expect(Buffer.from(altered.split('.')[2] ?? '', 'base64url')).toEqual(
      Buffer.from(payload.split('.')[2] ?? '', 'base64url'),
    );
    expect(readSvccodePayload(key, altered, now)).toBeNull();
  });
});
