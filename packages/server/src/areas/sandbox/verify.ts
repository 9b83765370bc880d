import type { SandboxDeps } from './deps.js';
import type { Indicators } from './indicators.js';
import { matchRecord } from './match.js';
import { findRecord } from './records-repo.js';
import { scenarioIndicators } from './scenarios.js';
import type { Aamva } from './schemas.js';

export type VerificationResult = Indicators & { replay: 'NULL'; transaction_locator_id: string };

/** The indicators of one verification: a predefined case, else the engine over agency records. */
export async function verifyLicense(deps: SandboxDeps, aamva: Aamva): Promise<VerificationResult> {
  const indicators =
    scenarioIndicators(aamva.identification_id) ?? (await compareWithAgency(deps, aamva));
  return { ...indicators, replay: 'NULL', transaction_locator_id: deps.ids.uuid() };
}

/** Also used by Area B's document verification, in memory, without any predefined case. */
export async function compareWithAgency(
  deps: Pick<SandboxDeps, 'db' | 'nameLength'>,
  aamva: Aamva,
): Promise<Indicators> {
  const record = await findRecord(deps.db, aamva.identification_id);
  const jurisdiction =
    aamva.message_destination_id ?? record?.location_state_us_postal_service_code;
  return matchRecord(aamva, record, deps.nameLength(jurisdiction?.toUpperCase()));
}
