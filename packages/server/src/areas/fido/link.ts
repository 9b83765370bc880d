import { timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../../core/crypto/secret-box.js';
import type { Ids } from '../../core/ids.js';
import type { FidoLinksTable } from '../../core/store/schema.js';

export type LinkKind = 'registrations' | 'authentications';
export type LinkStatus = 'PENDING' | 'COMPLETED' | 'EXPIRED' | 'ERROR';

/**
 * Spec Limits: a registration link lives 48 h. The spec gives login links no lifetime; one is
 * opened right after it is sent, so 10 min (README, Area C "Statuses").
 */
export const linkLifetimeMs: Record<LinkKind, number> = {
  registrations: 48 * 60 * 60 * 1000,
  authentications: 10 * 60 * 1000,
};

/** `https://{domain_name}`, or the operator's SVC_FIDO_LINK_BASE (without a trailing slash). */
export function linkBase(configured: string, domainName: string): string {
  return configured ? configured.replace(/\/+$/, '') : `https://${domainName}`;
}

/** The origin a WebAuthn response must come from: the one the link opens on. */
export function expectedOrigin(configured: string, domainName: string): string {
  return new URL(linkBase(configured, domainName)).origin;
}

export function userLink(
  configured: string,
  domainName: string,
  kind: LinkKind,
  id: string,
  secret: string,
): string {
  return `${linkBase(configured, domainName)}/fido/${kind}/${id}#${secret}`;
}

/** A fresh link secret; only its SHA-256 is stored. */
export function newSecret(ids: Ids): { secret: string; hash: string } {
  const secret = ids.random(32);
  return { secret, hash: sha256Hex(secret) };
}

export function secretMatches(storedHash: string, presented: string): boolean {
  return timingSafeEqual(Buffer.from(storedHash, 'hex'), Buffer.from(sha256Hex(presented), 'hex'));
}

/** EXPIRED is not stored: a pending link reads as expired once its lifetime has passed. */
export function readStatus(
  link: Pick<FidoLinksTable, 'status' | 'expires_at'>,
  now: Date,
): LinkStatus {
  return link.status === 'PENDING' && now.toISOString() >= link.expires_at
    ? 'EXPIRED'
    : link.status;
}
