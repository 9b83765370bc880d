import { assertThat } from '../../core/errors.js';
import type { MainDeps } from './deps.js';
import { signSvccodePayload } from './svccode-payload.js';
import { svccodeKey } from './svccodes-repo.js';

/**
 * A new scannable code for a relying party (its customer id). Anyone may ask (browser widgets
 * call this without credentials); the code reveals nothing until a device pairs with it and the
 * RP's server reads the result. Expiry is whole seconds, so the payload and the row agree.
 */
export async function createSvccode(
  deps: MainDeps,
  relyingPartyId: string,
): Promise<{ id: string; payload: string }> {
  const customer = await deps.db
    .selectFrom('customers')
    .select('id')
    .where('id', '=', relyingPartyId)
    .executeTakeFirst();
  assertThat(
    customer,
    'RELYING_PARTY_UNKNOWN',
    `No relying party has the id ${JSON.stringify(relyingPartyId)}.`,
  );
  const now = deps.clock.now();
  const expiresAt = new Date(
    (Math.floor(now.getTime() / 1000) + deps.config.svccodeTtlSeconds) * 1000,
  );
  const id = deps.ids.uuid();
  await deps.db
    .insertInto('svccodes')
    .values({
      id,
      customer_id: customer.id,
      expires_at: expiresAt.toISOString(),
      paired_device: null,
      paired_at: null,
      retrieved_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return { id, payload: signSvccodePayload(svccodeKey(deps), { id, expiresAt }) };
}
