import type { SandboxDeps } from './deps.js';
import { indicatorNames, type Indicators } from './indicators.js';
import { matchRecord } from './match.js';
import { findRecord } from './records-repo.js';
import { scenarioIndicators } from './scenarios.js';
import type { Aamva } from './schemas.js';

/**
 * An answer's JSON text up to its locator's value: the indicators in the order of the response
 * schema (`indicatorNames`), then `replay`.
 */
function answerHead(indicators: Readonly<Indicators>): string {
  const fields = indicatorNames.map(
    (name) => `${JSON.stringify(name)}:${JSON.stringify(indicators[name])}`,
  );
  return `{${fields.join(',')},"replay":"NULL","transaction_locator_id":`;
}

/** Each predefined case's answer head, made at its first call (at most 24). */
const scenarioHeads = new Map<Readonly<Indicators>, string>();

function scenarioHead(indicators: Readonly<Indicators>): string {
  let head = scenarioHeads.get(indicators);
  if (head === undefined) scenarioHeads.set(indicators, (head = answerHead(indicators)));
  return head;
}

/**
 * One verification's answer as JSON text: the agency's indicators, or "no record" (number FALSE,
 * the rest NULL), and a new locator. Written here, not by the route's serializer: a predefined
 * case's text up to the locator is made once, and its verification then costs one concatenation.
 */
export async function verificationJson(deps: SandboxDeps, aamva: Aamva): Promise<string> {
  const scenario = scenarioIndicators(aamva.identification_id);
  const head = scenario
    ? scenarioHead(scenario)
    : answerHead(
        (await recordAnswer(deps, aamva)) ?? matchRecord(aamva, null, deps.nameLength(undefined)),
      );
  // A UUID holds nothing JSON escapes (JSON.stringify of it would cost more than the rest).
  return `${head}"${deps.ids.uuid()}"}`;
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
