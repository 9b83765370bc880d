import type { SandboxDeps } from './deps.js';
import type { Indicators } from './indicators.js';
import { matchRecord } from './match.js';
import { findRecord } from './records-repo.js';
import { scenarioIndicators } from './scenarios.js';
import type { Aamva } from './schemas.js';

export type VerificationResult = Indicators & { replay: 'NULL'; transaction_locator_id: string };

/** An answer whose locator is yet to be filled in. */
function answerOf(indicators: Readonly<Indicators>): VerificationResult {
  return { ...indicators, replay: 'NULL', transaction_locator_id: '' };
}

/**
 * Each predefined case's answer, made at its first call (at most 24). Copied with the locator
 * replaced, it keeps its shape: about 45 ns, against 430 for spreading the indicators into an
 * object that then gains two fields.
 */
const scenarioAnswers = new Map<Readonly<Indicators>, VerificationResult>();

function scenarioAnswer(indicators: Readonly<Indicators>): VerificationResult {
  let answer = scenarioAnswers.get(indicators);
  if (!answer) scenarioAnswers.set(indicators, (answer = answerOf(indicators)));
  return answer;
}

/** The indicators of one verification: the agency's answer, or "no record" (number FALSE, rest NULL). */
export async function verifyLicense(deps: SandboxDeps, aamva: Aamva): Promise<VerificationResult> {
  const scenario = scenarioIndicators(aamva.identification_id);
  const answer = scenario
    ? scenarioAnswer(scenario)
    : answerOf(
        (await recordAnswer(deps, aamva)) ?? matchRecord(aamva, null, deps.nameLength(undefined)),
      );
  return { ...answer, transaction_locator_id: deps.ids.uuid() };
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
