import type { IndicatorValue } from './indicators.js';
import type { SandboxDeps } from './deps.js';
import { agencyAnswer } from './verify.js';

const nameGroups = ['first', 'middle', 'last'] as const;

/**
 * A license data set judged by the agency (the 24 sandbox cases included): UNVERIFIABLE when it
 * has no record of the number; FAILED when any compared field disagrees (a name passes on an exact
 * or a primary phonetic match; NULL, no data, fails nothing); else VERIFIED.
 */
export async function licenseStatus(
  deps: Pick<SandboxDeps, 'db' | 'nameLength'>,
  fields: Record<string, string>,
): Promise<'VERIFIED' | 'FAILED' | 'UNVERIFIABLE'> {
  const answer = await agencyAnswer(deps, {
    ...fields,
    identification_id: fields.identification_id ?? '',
  });
  if (!answer) return 'UNVERIFIABLE';
  const indicators: Record<string, IndicatorValue> = answer;
  const nameOk = (group: string) =>
    indicators[`person_${group}_name_exact_match_indicator`] !== 'FALSE' ||
    indicators[`person_${group}_name_fuzzy_primary_match_indicator`] === 'TRUE';
  const others = Object.entries(indicators).filter(
    ([name]) => !name.includes('_name_exact_') && !name.includes('_name_fuzzy_'),
  );
  return nameGroups.every(nameOk) && others.every(([, value]) => value !== 'FALSE')
    ? 'VERIFIED'
    : 'FAILED';
}
