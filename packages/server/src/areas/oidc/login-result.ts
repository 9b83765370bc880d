import type { InteractionResults } from 'oidc-provider';
import { acrOfLevel, requiredLevel } from './levels.js';

/**
 * The login a method achieved, or the OIDC error when it falls short of the level `acr_values`
 * asked for: never a silent downgrade (OpenID Connect Core, unmet_authentication_requirements).
 */
export function loginResult(
  acrValues: unknown,
  achieved: { level: number; amr: readonly string[]; accountId: string },
): InteractionResults {
  const required = requiredLevel(acrValues);
  if (achieved.level < required)
    return {
      error: 'unmet_authentication_requirements',
      error_description: `This sign-in method proves ${acrOfLevel(achieved.level)}; ${acrOfLevel(required)} was requested.`,
    };
  return {
    login: {
      accountId: achieved.accountId,
      acr: acrOfLevel(achieved.level),
      amr: [...achieved.amr],
    },
  };
}
