import type { AuditTrail } from '../../core/audit/trail.js';
import type { Config } from '../../config/index.js';
import type { Context } from '../../context.js';
import type { Clock } from '../../core/clock.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { SigningKeys } from '../../core/crypto/signing-keys.js';
import type { Ids } from '../../core/ids.js';
import type { Outbox } from '../../core/outbox/index.js';
import type { Db } from '../../core/store/index.js';
import { SmsBudget } from '../../core/sms/budget.js';

/** What Area C's use cases stand on. */
export interface FidoDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  keys: SigningKeys;
  /** Seals the organizations' OpenID client secrets. */
  box: SecretBox;
  outbox: Outbox;
  smsBudget: SmsBudget;
  config: Pick<
    Config,
    | 'fidoLinkBase'
    | 'publicUrl'
    | 'allowInsecureCallbacks'
    | 'fidoCredentialLimit'
    | 'fidoSmsRefusedPrefixes'
  >;
  /**
   * The operator configured attestation trust anchors (installed at start): chains must lead to
   * one of them, so self attestation is not enough.
   */
  anchoredAttestation: boolean;
  audit: AuditTrail;
}

/**
 * The part of the process context this area uses. Nothing is checked or installed here: the
 * config was validated when it was loaded, and the trust anchors are installed at start.
 */
export function fidoDeps(ctx: Context): FidoDeps {
  return {
    db: ctx.store.db,
    clock: ctx.clock,
    ids: ctx.ids,
    keys: ctx.keys,
    box: ctx.box,
    outbox: ctx.outbox,
    smsBudget: new SmsBudget(ctx.clock, ctx.config, ctx.limiters),
    config: ctx.config,
    anchoredAttestation: ctx.config.fidoAttestationRoots !== '',
    audit: ctx.audit,
  };
}
