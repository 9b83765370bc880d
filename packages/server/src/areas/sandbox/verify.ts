import type { SandboxDeps } from './deps.js';
import type { SandboxVerification } from '@svc/wire';
import { indicatorNames, type Indicators } from './indicators.js';
import { matchRecord } from './match.js';
import { findRecord } from './records-repo.js';
import { scenarioIndicators } from './scenarios.js';
import type { Aamva } from './schemas.js';

/**
 * One verification's answer: the agency's indicators, or "no record" (number FALSE, the rest
 * NULL), and a new locator. Its fields come in the response schema's order (the route's serializer writes them so too).
 */
export async function verify(deps: SandboxDeps, aamva: Aamva): Promise<SandboxVerification> {
  const indicators =
    scenarioIndicators(aamva.identification_id) ??
    (await recordAnswer(deps, aamva)) ??
    matchRecord(aamva, null, deps.nameLength(undefined));
  const inOrder = Object.fromEntries(indicatorNames.map((name) => [name, indicators[name]]));
  return {
    ...(inOrder as Indicators),
    replay: 'NULL',
    transaction_locator_id: deps.ids.uuid(),
  };
}

/**
 * What the fake agency answers for a license, or null when it has no record of the number. The 24
 * predefined cases are records it always has, answering their indicators whatever the other fields
 * say; any other number is compared with the imported record. Also used by Area B's document
 * verification, in memory.
 */
export async function agencyAnswer(
  deps: Pick<SandboxDeps, 'db' | 'nameLength'>,
  aamva: Aamva,
): Promise<Readonly<Indicators> | null> {
  return scenarioIndicators(aamva.identification_id) ?? recordAnswer(deps, aamva);
}

/** An imported record's answer, or null when there is none for the number. */
async function recordAnswer(
  deps: Pick<SandboxDeps, 'db' | 'nameLength'>,
  aamva: Aamva,
): Promise<Indicators | null> {
  const record = await findRecord(deps.db, aamva.identification_id);
  if (!record) return null;
  const jurisdiction = aamva.message_destination_id ?? record.location_state_us_postal_service_code;
  return matchRecord(aamva, record, deps.nameLength(jurisdiction?.toUpperCase()));
}
