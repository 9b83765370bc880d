import type { InteractionResults } from 'oidc-provider';
import { assertThat } from '../../core/errors.js';
import type { OidcDeps } from './deps.js';
import { pendingOf, type Interaction } from './interaction.js';
import { amrOf } from './levels.js';
import { loginResult } from './login-result.js';
import { passkeyLevel } from './start-passkey.js';

/** After the ceremony: the user the interaction's own link signed in. */
export async function finishPasskey(
  deps: OidcDeps,
  organizationId: string,
  interaction: Interaction,
): Promise<InteractionResults> {
  const { passkeyLink } = pendingOf(interaction);
  assertThat(passkeyLink, 'OIDC_SIGN_IN_INCOMPLETE');
  const user = await deps.fido.passkeyOutcome(organizationId, passkeyLink);
  assertThat(user, 'OIDC_SIGN_IN_INCOMPLETE');
  return loginResult(interaction.params.acr_values, {
    level: passkeyLevel,
    amr: amrOf.passkey,
    accountId: user.id,
  });
}
