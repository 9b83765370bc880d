import type { Config } from '../../config/index.js';
import type { Clock } from '../../core/clock.js';
import type { SigningKeys } from '../../core/crypto/signing-keys.js';
import type { Ids } from '../../core/ids.js';
import type { Outbox } from '../../core/outbox/index.js';
import type { Db } from '../../core/store/index.js';
import { installAttestationRoots } from './attestation-roots.js';

/** What Area C's use cases stand on. */
export interface FidoDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  keys: SigningKeys;
  outbox: Outbox;
  config: Pick<Config, 'fidoLinkBase' | 'allowInsecureCallbacks'>;
  /** Operator trust anchors are installed: attestation chains are anchored, self attestation is not enough. */
  anchoredAttestation: boolean;
}

/** The subset of the process context this area uses; checks the link base once, at start. */
export function fidoDeps(ctx: {
  store: { db: Db };
  clock: Clock;
  ids: Ids;
  keys: SigningKeys;
  outbox: Outbox;
  config: Config;
}): FidoDeps {
  const { fidoLinkBase } = ctx.config;
  if (fidoLinkBase && !/^https?:$/.test(safeProtocol(fidoLinkBase)))
    throw new Error(
      `config fidoLinkBase (SVC_FIDO_LINK_BASE): must be an absolute http(s) URL, got ${JSON.stringify(fidoLinkBase)}`,
    );
  const anchoredAttestation = installAttestationRoots(ctx.config.fidoAttestationRoots);
  return {
    db: ctx.store.db,
    clock: ctx.clock,
    ids: ctx.ids,
    keys: ctx.keys,
    outbox: ctx.outbox,
    config: ctx.config,
    anchoredAttestation,
  };
}

function safeProtocol(value: string): string {
  try {
    return new URL(value).protocol;
  } catch {
    return '';
  }
}
