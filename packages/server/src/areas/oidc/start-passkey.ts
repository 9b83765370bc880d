import type { OidcDeps } from './deps.js';
import { pendingOf, savePending, type Interaction } from './interaction.js';
import { requiredLevel } from './levels.js';

/** A passkey proves level 2 (user verification required). */
export const passkeyLevel = 2;

/**
 * The page's first step for a passkey: WebAuthn request options from an Area C login link of the
 * organization. The link and its secret stay on the interaction (one link per interaction, asked
 * again for a new challenge): only the browser holding the interaction's cookie can answer it, so
 * a sign-in started by one browser cannot be handed to someone else to complete. When the client
 * asked for more than a passkey proves, nothing starts: the caller ends the interaction instead.
 */
export async function startPasskey(
  deps: OidcDeps,
  organizationId: string,
  interaction: Interaction,
): Promise<object | 'insufficient'> {
  if (requiredLevel(interaction.params.acr_values) > passkeyLevel) return 'insufficient';
  let { passkeyLink, passkeySecret } = pendingOf(interaction);
  if (!passkeyLink || !passkeySecret) {
    const link = await deps.fido.beginPasskey(organizationId);
    [passkeyLink, passkeySecret] = [link.id, link.secret];
    await savePending(interaction, { passkeyLink, passkeySecret });
  }
  return deps.fido.passkeyOptions(passkeyLink, passkeySecret);
}
