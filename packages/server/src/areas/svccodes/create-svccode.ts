import { customerExists } from '../../core/customers.js';
import { assertThat } from '../../core/errors.js';
import type { SvccodesDeps } from './deps.js';
import { signSvccodePayload } from './svccode-payload.js';
import { insertSvccode } from './svccodes-repo.js';

/**
 * A new scannable code for a relying party (its customer id). Anyone may ask (browser widgets
 * call this without credentials); the code reveals nothing until a device pairs with it and the
 * RP's server reads the result. The payload and the row carry the same expiry (milliseconds).
 */
export async function createSvccode(
  deps: SvccodesDeps,
  relyingPartyId: string,
): Promise<{ id: string; payload: string }> {
  assertThat(
    await customerExists(deps.db, relyingPartyId),
    'RELYING_PARTY_UNKNOWN',
    `No relying party has the id ${JSON.stringify(relyingPartyId)}.`,
  );
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + deps.config.svccodeTtlSeconds * 1000);
  const id = deps.ids.uuid();
  await insertSvccode(deps.db, {
    id,
    customer_id: relyingPartyId,
    expires_at: expiresAt.toISOString(),
    paired_device: null,
    paired_at: null,
    retrieved_at: null,
    created_at: now.toISOString(),
  });
  return { id, payload: signSvccodePayload(deps.payloadKey, { id, expiresAt }) };
}
