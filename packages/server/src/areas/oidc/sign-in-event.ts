import type { InteractionResults } from 'oidc-provider';
import type { OidcDeps } from './deps.js';

/**
 * A sign-in's outcome in the audit trail of the organization's customer: the user signed in (and
 * at which acr), or the OIDC error the client was sent.
 */
export async function recordSignIn(
  deps: OidcDeps,
  organizationId: string,
  method: 'passkey' | 'phone' | 'ciba',
  result: InteractionResults,
): Promise<void> {
  const organization = await deps.fido.organization(organizationId);
  if (!organization) return;
  const login = result.login as { accountId?: string; acr?: string } | undefined;
  await deps.audit.record(deps.db, {
    action: login ? 'oidc.signed_in' : 'oidc.sign_in_refused',
    customerId: organization.customerId,
    outcome: login ? 'success' : 'failure',
    ...(login?.accountId ? { actor: { kind: 'user', user: login.accountId } } : {}),
    targets: { organization: organizationId, fido_user: login?.accountId },
    details: {
      method,
      acr: login?.acr ?? null,
      error: typeof result.error === 'string' ? result.error : null,
    },
  });
}
