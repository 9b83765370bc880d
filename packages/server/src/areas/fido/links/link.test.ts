import { describe, expect, it } from 'vitest';
import { secretMatches, sha256Hex } from '../../../core/crypto/secret-box.js';
import { randomIds } from '../../../core/ids.js';
import { expectedOrigin, linkLifetimeMs, newSecret, readStatus, userLink } from './link.js';

describe('user links', () => {
  const none = { fidoLinkBase: '', publicUrl: 'http://localhost:8080' };

  it('open on https://{domain_name} unless the operator set a link base', () => {
    expect(userLink(none, 'login.acme.test', 'registrations', 'r1', 's3cret')).toBe(
      'https://login.acme.test/fido/registrations/r1#s3cret',
    );
    const local = { ...none, fidoLinkBase: 'http://localhost:8080/' };
    expect(userLink(local, 'login.acme.test', 'authentications', 'a1', 's')).toBe(
      'http://localhost:8080/fido/authentications/a1#s',
    );
    const proxy = { ...none, fidoLinkBase: 'https://proxy.test/svc' };
    expect(userLink(proxy, 'x.test', 'authentications', 'a1', 's')).toBe(
      'https://proxy.test/svc/fido/authentications/a1#s',
    );
  });

  it('of a localhost organization open on SVC_PUBLIC_URL; SVC_FIDO_LINK_BASE still wins', () => {
    const bases = { fidoLinkBase: '', publicUrl: 'http://localhost:9000/' };
    expect(userLink(bases, 'localhost', 'registrations', 'r1', 's')).toBe(
      'http://localhost:9000/fido/registrations/r1#s',
    );
    expect(expectedOrigin(bases, 'localhost')).toBe('http://localhost:9000');
    const both = { ...bases, fidoLinkBase: 'http://localhost:7000' };
    expect(userLink(both, 'localhost', 'registrations', 'r1', 's')).toBe(
      'http://localhost:7000/fido/registrations/r1#s',
    );
    expect(userLink(bases, 'localhost.acme.test', 'registrations', 'r1', 's')).toBe(
      'https://localhost.acme.test/fido/registrations/r1#s',
    );
  });

  it('expect WebAuthn responses from the origin the link opens on', () => {
    expect(expectedOrigin(none, 'login.acme.test')).toBe('https://login.acme.test');
    const local = { ...none, fidoLinkBase: 'http://localhost:8080/some/path' };
    expect(expectedOrigin(local, 'login.acme.test')).toBe('http://localhost:8080');
  });

  it('keep only a hash of a 256-bit secret, compared in full', () => {
    const { secret, hash } = newSecret(randomIds);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    expect(hash).toBe(sha256Hex(secret));
    expect(secretMatches(hash, secret)).toBe(true);
    expect(secretMatches(hash, `${secret}x`)).toBe(false);
    expect(secretMatches(hash, '')).toBe(false);
  });
});

describe('status at read time', () => {
  const created = new Date('2026-01-01T00:00:00.000Z');
  const expires = (kind: keyof typeof linkLifetimeMs) =>
    new Date(created.getTime() + linkLifetimeMs[kind]).toISOString();

  it('a pending link reads EXPIRED from the end of its lifetime on (48 h / 10 min)', () => {
    expect(linkLifetimeMs).toEqual({ registrations: 172_800_000, authentications: 600_000 });
    const link = { status: 'PENDING' as const, expires_at: expires('authentications') };
    expect(readStatus(link, new Date(created.getTime() + 599_999))).toBe('PENDING');
    expect(readStatus(link, new Date(created.getTime() + 600_000))).toBe('EXPIRED');
  });

  it('a finished link keeps its status forever', () => {
    const late = new Date(created.getTime() + 10 * linkLifetimeMs.registrations);
    expect(readStatus({ status: 'COMPLETED', expires_at: expires('registrations') }, late)).toBe(
      'COMPLETED',
    );
    expect(readStatus({ status: 'ERROR', expires_at: expires('registrations') }, late)).toBe(
      'ERROR',
    );
  });
});
