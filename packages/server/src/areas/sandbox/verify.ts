import type { SandboxDeps } from './deps.js';
import type { Indicators } from './indicators.js';
import { matchRecord } from './match.js';
import { findRecord } from './records-repo.js';
import { scenarioIndicators } from './scenarios.js';
import type { Aamva } from './schemas.js';

export type VerificationResult = Indicators & { replay: 'NULL'; transaction_locator_id: string };

/** The indicators of one verification: the agency's answer, or "no record" (number FALSE, rest NULL). */
export async function verifyLicense(deps: SandboxDeps, aamva: Aamva): Promise<VerificationResult> {
  const indicators =
    (await agencyAnswer(deps, aamva)) ?? matchRecord(aamva, null, deps.nameLength(undefined));
  return { ...indicators, replay: 'NULL', transaction_locator_id: deps.ids.uuid() };
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
  const scenario = scenarioIndicators(aamva.identification_id);
  if (scenario) return scenario;
  const record = await findRecord(deps.db, aamva.identification_id);
  if (!record) return null;
  const jurisdiction = aamva.message_destination_id ?? record.location_state_us_postal_service_code;
  return matchRecord(aamva, record, deps.nameLength(jurisdiction?.toUpperCase()));
}
