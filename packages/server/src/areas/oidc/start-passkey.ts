import { AppError } from '../../core/errors.js';
import type { OidcDeps } from './deps.js';
import { pendingOf, savePending, type Interaction } from './interaction.js';
import { requiredLevel } from './levels.js';

/** A passkey proves level 2 (user verification required). */
export const passkeyLevel = 2;

/**
 * The page's first step for a passkey: WebAuthn request options from an Area C login link of the
 * organization. The link and its secret stay on the interaction (asked again, the same link gives
 * a new challenge; a new link only once a failed assertion closed it): only the browser holding
 * the interaction's cookie can answer it, so a sign-in started by one browser cannot be handed to
 * someone else to complete. When the client
 * asked for more than a passkey proves, nothing starts: the caller ends the interaction instead.
 */
export async function startPasskey(
  deps: OidcDeps,
  organizationId: string,
  interaction: Interaction,
): Promise<object | 'insufficient'> {
  if (requiredLevel(interaction.params.acr_values) > passkeyLevel) return 'insufficient';
  const { passkeyLink, passkeySecret } = pendingOf(interaction);
  if (passkeyLink && passkeySecret) {
    try {
      return await deps.fido.passkeyOptions(passkeyLink, deps.box.open(passkeySecret));
    } catch (err) {
      if (!closed(err)) throw err;
    }
  }
  // The first try, or a new one after a failed assertion closed the last link.
  const link = await deps.fido.beginPasskey(organizationId);
  await savePending(interaction, {
    passkeyLink: link.id,
    passkeySecret: deps.box.seal(link.secret),
  });
  return deps.fido.passkeyOptions(link.id, link.secret);
}

/** A link that can take no more answers: used (completed, or failed by a wrong assertion). */
const closed = (err: unknown) =>
  err instanceof AppError && (err.code === 'FIDO_LINK_USED' || err.code === 'FIDO_LINK_EXPIRED');
