import type { Addressee } from './addressing.js';
import type { SvcficationsDeps } from './deps.js';
import type { SvcficationResult } from './schemas.js';

/** The result of an answer: who answered, as which bound identifier, at which level. */
export async function resultOf(
  deps: Pick<SvcficationsDeps, 'ids'>,
  by: Addressee,
  acceptedLevel: number | null,
): Promise<SvcficationResult> {
  const [bound = null] = await by.identifiers();
  const accepted = acceptedLevel !== null;
  return {
    id: deps.ids.uuid(),
    accepted,
    is_accepted: accepted,
    accepted_level: acceptedLevel,
    bound_user_identifier: bound,
    device_identifier: by.device.identifier,
    user_identifier: bound,
  };
}
