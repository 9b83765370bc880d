import { AppError } from '../../core/errors.js';
import type { FidoDeps } from './deps.js';
import { authenticationOptions } from './links/authentication-options.js';
import { beginSignIn } from './links/begin-sign-in.js';
import { createRegistration } from './links/create-registration.js';
import { registrationOptions } from './links/registration-options.js';
import { signInOutcome } from './links/sign-in-outcome.js';
import { verifyAuthentication } from './links/verify-authentication.js';
import { verifyRegistration } from './links/verify-registration.js';
import { createOrganization } from './organizations/create-organization.js';
import { findOrganizationOfCustomer } from './organizations/organizations-repo.js';
import { findUserByIdentifier } from './users/users-repo.js';

interface Link {
  id: string;
  secret: string;
}

/**
 * The ceremonies of an organization svc runs for itself (the console's accounts, wiring.ts): the
 * same links, checks and audit events as a customer's, with discoverable passkeys and no
 * attestation. The link never reaches a browser: the caller runs its ceremony.
 */
export function ownPasskeys(deps: FidoDeps) {
  return {
    async organization(customerId: string, domain: string): Promise<string> {
      const found = await findOrganizationOfCustomer(deps.db, customerId);
      if (found) return found.id;
      const made = await createOrganization(deps, customerId, {
        name: 'svc console',
        domain_name: domain,
        require_resident_key: true,
        verify_attestation_statement: false,
      }).catch(async (err: unknown) => {
        // Made by a concurrent first sign-in meanwhile.
        if (!(err instanceof AppError && err.code === 'ORGANIZATION_EXISTS')) throw err;
        return findOrganizationOfCustomer(deps.db, customerId);
      });
      if (!made) throw new Error('organization vanished');
      return made.id;
    },
    beginSignIn: (organizationId: string) => beginSignIn(deps, organizationId),
    signInOptions: (link: Link) => authenticationOptions(deps, link.id, link.secret),
    async finishSignIn(organizationId: string, link: Link, response: unknown) {
      const result = await verifyAuthentication(deps, link.id, link.secret, response);
      if (result.status !== 'COMPLETED') return null;
      const outcome = await signInOutcome(deps, organizationId, link.id, response);
      return outcome?.user.id ?? null;
    },
    async beginRegistration(customerId: string, user: { identifier: string; name: string }) {
      const created = await createRegistration(deps, customerId, {
        user: { user_identifier: user.identifier, name: user.name },
      });
      const row = await findUserByIdentifier(deps.db, customerId, user.identifier);
      if (!row) throw new Error('registration user vanished');
      return { id: created.id, secret: new URL(created.user_link).hash.slice(1), userId: row.id };
    },
    registrationOptions: (link: Link) => registrationOptions(deps, link.id, link.secret),
    async finishRegistration(link: Link, response: unknown) {
      const result = await verifyRegistration(deps, link.id, link.secret, response);
      return result.status === 'COMPLETED';
    },
  };
}
