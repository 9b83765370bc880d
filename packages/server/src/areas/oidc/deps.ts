import type { AuditTrail } from '../../core/audit/trail.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { Context } from '../../context.js';
import type { Clock } from '../../core/clock.js';
import type { SigningKeys } from '../../core/crypto/signing-keys.js';
import type { Ids } from '../../core/ids.js';
import type { Metrics } from '../../core/metrics.js';
import type { Outbox } from '../../core/outbox/index.js';
import type { Db } from '../../core/store/index.js';
import type { Watch } from '../../core/waiters.js';

/** An organization as its OpenID Provider sees it. */
export interface OidcOrganization {
  organizationId: string;
  customerId: string;
  name: string;
  /** Where the organization's pages open (its `user_link` base): the issuer lives under it. */
  base: string;
  clientId: string;
  /** Null for a public client (PKCE only). */
  clientSecret: string | null;
  redirectUris: string[];
}

/** A user the provider signs in; `sub` is its id. */
export interface OidcUser {
  id: string;
  userIdentifier: string;
  name: string;
}

/** What the provider asks of the fido area (handed over by wiring.ts). */
export interface FidoForOidc {
  organization(organizationId: string): Promise<OidcOrganization | undefined>;
  user(
    customerId: string,
    key: { id: string } | { userIdentifier: string },
  ): Promise<OidcUser | undefined>;
  /** A passkey login link of the organization (user-less: any of its users' passkeys). */
  beginPasskey(organizationId: string): Promise<{ id: string; secret: string }>;
  /** The link's WebAuthn request options (a new challenge). */
  passkeyOptions(linkId: string, secret: string): Promise<object>;
  /** Verifies the browser's assertion against the link (completing it, or failing). */
  verifyPasskey(linkId: string, secret: string, response: unknown): Promise<unknown>;
  /**
   * The user a completed passkey link signed in with the passkey of `response`, and whether
   * that passkey is synced (backed up); else undefined.
   */
  passkeyOutcome(
    organizationId: string,
    linkId: string,
    response: unknown,
  ): Promise<{ user: OidcUser; synced: boolean } | undefined>;
}

/** A svcfication's state as the phone sign-in reads it. */
export interface PhoneAnswer {
  status: string;
  /** The level the answer proved (accepted answers). */
  level: number | null;
  /** The customer's user identifier the answering device is bound to. */
  userIdentifier: string | null;
}

/** What the phone sign-in asks of the svccodes and svcfications areas (through wiring.ts). */
export interface PhoneForOidc {
  newSvccode(customerId: string): Promise<{ id: string; payload: string }>;
  /**
   * The device that paired with the code, answered once (later calls, and calls before a
   * pairing, answer null): only one poll of a sign-in goes on to ask the phone.
   */
  takePairedDevice(customerId: string, svccodeId: string): Promise<string | null>;
  /** Sends a svcfication to the paired device, or to the user's devices; answers its id. */
  ask(
    customerId: string,
    input: {
      to: { svccodeId: string } | { userIdentifier: string };
      level: number;
      action: string;
      resource: string;
      expiresAt?: string;
    },
  ): Promise<string>;
  answer(customerId: string, svcficationId: string): Promise<PhoneAnswer>;
  /** Watches the step (the svccode pairing, or the svcfication changing): before reading it. */
  watch(step: { svccodeId: string } | { svcficationId: string }, timeoutMs: number): Watch;
}

export interface OidcDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  keys: SigningKeys;
  /** Signs the provider's cookies; derived from the master key. */
  cookieKey: string;
  /** Seals what an interaction keeps that is a secret (its passkey link's). */
  box: SecretBox;
  fido: FidoForOidc;
  phone: PhoneForOidc;
  metrics: Pick<Metrics, 'oidcSignIns'>;
  /** Queues CIBA pings (ciba.ts). */
  outbox: Outbox;
  /** Whether a CIBA ping may go to http:// and private addresses (tests, development). */
  allowInsecureCallbacks: boolean;
  audit: AuditTrail;
}

export function oidcDeps(
  ctx: Context,
  areas: { fido: FidoForOidc; phone: PhoneForOidc },
): OidcDeps {
  return {
    db: ctx.store.db,
    clock: ctx.clock,
    ids: ctx.ids,
    keys: ctx.keys,
    box: ctx.box,
    metrics: ctx.metrics,
    outbox: ctx.outbox,
    audit: ctx.audit,
    allowInsecureCallbacks: ctx.config.allowInsecureCallbacks,
    cookieKey: ctx.box.derive('oidc-cookies-v1').toString('base64url'),
    ...areas,
  };
}
