import type { OidcDeps } from './deps.js';
import { savePending, type Interaction } from './interaction.js';
import { requiredLevel } from './levels.js';

/** A passkey proves level 2 (user verification required). */
export const passkeyLevel = 2;

/**
 * The page's first step for a passkey: an Area C login link of the organization, remembered on
 * the interaction. When the client asked for more than a passkey proves, nothing starts: the
 * caller ends the interaction with the error instead.
 */
export async function startPasskey(
  deps: OidcDeps,
  organizationId: string,
  interaction: Interaction,
): Promise<{ id: string; secret: string; path: string } | 'insufficient'> {
  if (requiredLevel(interaction.params.acr_values) > passkeyLevel) return 'insufficient';
  const link = await deps.fido.beginPasskey(organizationId);
  await savePending(interaction, { passkeyLink: link.id });
  return link;
}
