import type {
  ConsoleCustomer,
  ConsoleFido,
  ConsolePasskeyUserList,
  CreatedEnrollment,
  CustomerCredentialKind,
  FidoCredential,
  IssuedCredentials,
} from '@svc/wire';
import type { Context } from '../../context.js';
import type { AuditTrail } from '../../core/audit/trail.js';
import type { Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { SigningKeys } from '../../core/crypto/signing-keys.js';
import type { Ids } from '../../core/ids.js';
import type { Metrics } from '../../core/metrics.js';
import type { Outbox } from '../../core/outbox/index.js';
import type { Db } from '../../core/store/index.js';

/** A link ceremony of svc's own FIDO organization: its id and the secret its link carries. */
export interface LinkHandle {
  id: string;
  secret: string;
}

/**
 * The passkeys of console accounts: svc's own FIDO organization, run through the fido area's use
 * cases (wiring.ts), the same ceremonies, checks and audit events as any customer's.
 */
export interface ConsolePasskeys {
  /** The organization of `customerId`, made with `domain` when it has none. */
  organization(customerId: string, domain: string): Promise<string>;
  beginSignIn(organizationId: string): Promise<LinkHandle>;
  signInOptions(link: LinkHandle): Promise<object>;
  /** The FIDO user the assertion signed in; undefined when it failed. */
  finishSignIn(organizationId: string, link: LinkHandle, response: unknown): Promise<string | null>;
  /** A registration link for a new user of `customerId`; answers the link and the user's id. */
  beginRegistration(
    customerId: string,
    user: { identifier: string; name: string },
  ): Promise<LinkHandle & { userId: string }>;
  registrationOptions(link: LinkHandle): Promise<object>;
  /** Whether the registration completed (a failure closes the link). */
  finishRegistration(link: LinkHandle, response: unknown): Promise<boolean>;
}

/** What other areas do for the console's pages, each change under the request's audit trail. */
export interface ConsoleActions {
  listCustomers(): Promise<ConsoleCustomer[]>;
  createCustomer(audit: AuditTrail, name: string): Promise<IssuedCredentials>;
  /** Null: no such customer. */
  rotateCredential(
    audit: AuditTrail,
    customerId: string,
    kind: CustomerCredentialKind,
  ): Promise<IssuedCredentials | null>;
  /** Null: no such customer. */
  revokeCredential(
    audit: AuditTrail,
    customerId: string,
    kind: CustomerCredentialKind,
  ): Promise<number | null>;
  setDeviceActive(
    audit: AuditTrail,
    customerId: string,
    id: string,
    active: boolean,
  ): Promise<unknown>;
  setBindingActive(
    audit: AuditTrail,
    customerId: string,
    id: string,
    active: boolean,
  ): Promise<unknown>;
  passkeyUsers(
    customerId: string,
    page: { after?: string | undefined; limit: number },
  ): Promise<ConsolePasskeyUserList>;
  renamePasskey(
    audit: AuditTrail,
    customerId: string,
    userId: string,
    credentialId: string,
    name: string,
  ): Promise<FidoCredential>;
  deletePasskey(
    audit: AuditTrail,
    customerId: string,
    userId: string,
    credentialId: string,
  ): Promise<void>;
  fidoSettings(customerId: string): Promise<ConsoleFido>;
  createEnrollment(
    audit: AuditTrail,
    customerId: string,
    userIdentifier: string,
  ): Promise<CreatedEnrollment>;
}

/** What the console's use cases stand on. */
export interface ConsoleDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  box: SecretBox;
  keys: SigningKeys;
  outbox: Outbox;
  metrics: Metrics;
  audit: AuditTrail;
  config: { publicUrl: string };
  passkeys: ConsolePasskeys;
  actions: ConsoleActions;
}

export function consoleDeps(
  ctx: Context,
  passkeys: ConsolePasskeys,
  actions: ConsoleActions,
): ConsoleDeps {
  const { clock, ids, box, keys, outbox, metrics, audit, config } = ctx;
  return {
    db: ctx.store.db,
    clock,
    ids,
    box,
    keys,
    outbox,
    metrics,
    audit,
    config,
    passkeys,
    actions,
  };
}
