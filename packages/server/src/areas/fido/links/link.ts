import type { Config } from '../../../config/index.js';
import { sha256Hex } from '../../../core/crypto/secret-box.js';
import type { Ids } from '../../../core/ids.js';
import type { FidoLinksTable } from '../../../core/store/schema.js';

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

/** The settings links are made from: SVC_FIDO_LINK_BASE and SVC_PUBLIC_URL. */
export type LinkBases = Pick<Config, 'fidoLinkBase' | 'publicUrl'>;

/**
 * Where an organization's links open (without a trailing slash): the operator's SVC_FIDO_LINK_BASE
 * when set; else the service itself (SVC_PUBLIC_URL, default http://localhost:PORT) for a
 * `localhost` organization, so a local tour needs no setting; else `https://{domain_name}`.
 */
export function linkBase(bases: LinkBases, domainName: string): string {
  if (bases.fidoLinkBase) return bases.fidoLinkBase.replace(/\/+$/, '');
  if (domainName === 'localhost') return bases.publicUrl.replace(/\/+$/, '');
  return `https://${domainName}`;
}

/** The origin a WebAuthn response must come from: the one the link opens on. */
export function expectedOrigin(bases: LinkBases, domainName: string): string {
  return new URL(linkBase(bases, domainName)).origin;
}

export function userLink(
  bases: LinkBases,
  domainName: string,
  kind: LinkKind,
  id: string,
  secret: string,
): string {
  return `${linkBase(bases, domainName)}/fido/${kind}/${id}#${secret}`;
}

/** A fresh link secret; only its SHA-256 is stored. */
export function newSecret(ids: Ids): { secret: string; hash: string } {
  const secret = ids.random(32);
  return { secret, hash: sha256Hex(secret) };
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
