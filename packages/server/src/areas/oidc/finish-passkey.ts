import type { InteractionResults } from 'oidc-provider';
import { assertThat } from '../../core/errors.js';
import type { OidcDeps } from './deps.js';
import { pendingOf, type Interaction } from './interaction.js';
import { amrOf } from './levels.js';
import { loginResult } from './login-result.js';
import { passkeyLevel } from './start-passkey.js';

/** The browser's assertion, verified against the interaction's own link: the user it signs in. */
export async function finishPasskey(
  deps: OidcDeps,
  organizationId: string,
  interaction: Interaction,
  response: unknown,
): Promise<InteractionResults> {
  const { passkeyLink, passkeySecret } = pendingOf(interaction);
  assertThat(passkeyLink && passkeySecret, 'OIDC_SIGN_IN_INCOMPLETE');
  await deps.fido.verifyPasskey(passkeyLink, deps.box.open(passkeySecret), response);
  const outcome = await deps.fido.passkeyOutcome(organizationId, passkeyLink, response);
  assertThat(outcome, 'OIDC_SIGN_IN_INCOMPLETE');
  return loginResult(interaction.params.acr_values, {
    level: passkeyLevel,
    amr: amrOf.passkey(outcome.synced),
    accountId: outcome.user.id,
  });
}
