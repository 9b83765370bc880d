import type { InteractionResults } from 'oidc-provider';
import { AppError, assertThat } from '../../core/errors.js';
import type { OidcDeps } from './deps.js';
import { pendingOf, savePending, type Interaction } from './interaction.js';
import { amrOf, requiredLevel } from './levels.js';
import { loginResult } from './login-result.js';

/** Without `acr_values` the phone is asked for level 2 (user presence), a passkey's equal. */
const defaultPhoneLevel = 2;

const denied = (description: string): InteractionResults => ({
  error: 'access_denied',
  error_description: description,
});

/**
 * One look at a phone sign-in: waiting for the scan; once a device paired, a svcfication at the
 * required level goes to it (once); its answer signs in the user the device is bound to (the FIDO
 * user with that `user_identifier`), or ends the sign-in with the OIDC error.
 */
export async function pollPhone(
  deps: OidcDeps,
  organizationId: string,
  interaction: Interaction,
): Promise<InteractionResults | 'waiting'> {
  const { svccode, svcfication } = pendingOf(interaction);
  assertThat(svccode, 'OIDC_SIGN_IN_INCOMPLETE');
  const org = await deps.fido.organization(organizationId);
  assertThat(org, 'ORGANIZATION_NOT_FOUND');
  const acrValues = interaction.params.acr_values;
  if (!svcfication) {
    // Two polls at once (a second tab, a retry) both find no svcfication: the one that takes the
    // pairing sends it, the other waits and reads it from the interaction next time.
    if (!(await deps.phone.takePairedDevice(org.customerId, svccode))) return 'waiting';
    const level = requiredLevel(acrValues) || defaultPhoneLevel;
    try {
      const id = await deps.phone.ask(org.customerId, {
        to: { svccodeId: svccode },
        level,
        action: 'Sign in',
        resource: org.name,
      });
      await savePending(interaction, { svcfication: id });
      return 'waiting';
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // Level 3 without a registered document cannot be proved: refused, not lowered.
      return err.code === 'NO_DOCUMENTS'
        ? { error: 'unmet_authentication_requirements', error_description: err.description }
        : denied('This phone cannot receive sign-in requests.');
    }
  }
  const answer = await deps.phone.answer(org.customerId, svcfication);
  if (answer.status === 'IN_PROGRESS') return 'waiting';
  if (answer.level === null) return denied('The sign-in was not accepted on the phone.');
  const user = answer.userIdentifier
    ? await deps.fido.user(org.customerId, { userIdentifier: answer.userIdentifier })
    : undefined;
  if (!user) return denied('This phone is not bound to a user of the organization.');
  return loginResult(acrValues, {
    level: answer.level,
    amr: amrOf.phone(answer.level),
    accountId: user.id,
  });
}
