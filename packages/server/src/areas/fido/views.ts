import { authenticatorName } from './users/aaguids.js';
import type { CredentialRow } from './users/credentials-repo.js';
import type { LinkRow } from './links/links-repo.js';
import { readStatus, type LinkKind } from './links/link.js';
import type { OrganizationRow } from './organizations/organizations-repo.js';
import type {
  AuthenticationView,
  CeremonyResult,
  CredentialView,
  OrganizationView,
  RegistrationView,
  UserView,
} from './schemas.js';
import { transportsOf } from './users/transports.js';
import type { UserRow } from './users/users-repo.js';

// The resources as @svc/wire describes them: one description for server, SDK and OpenAPI.
export type { AuthenticationView, CeremonyResult, OrganizationView, RegistrationView, UserView };

/** A passkey; unnamed ones show their authenticator's name, else "Passkey". */
export function credentialView(row: CredentialRow): CredentialView {
  const model = authenticatorName(row.aaguid);
  return {
    id: row.id,
    credential_id: row.credential_id,
    name: row.name ?? model ?? 'Passkey',
    authenticator_name: model,
    aaguid: row.aaguid,
    backed_up: row.backed_up === 1,
    transports: transportsOf(row),
    created_at: row.created_at,
    last_used_at: row.last_used_at,
  };
}

/** Only the fields that have a value, so absent ones are omitted rather than null. */
function present<T extends Record<string, string | null>>(fields: T): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)) as {
    [K in keyof T]?: string;
  };
}

export function userView(row: UserRow): UserView {
  return {
    id: row.id,
    name: row.name,
    registered: row.registered === 1,
    user_identifier: row.user_identifier,
  };
}

export function registrationView(link: LinkRow, user: UserRow, now: Date): RegistrationView {
  return {
    id: link.id,
    ...present({
      callback_url: link.callback_url,
      sms_phone_number: link.sms_phone_number,
      redirect_url: link.redirect_url,
    }),
    user: userView(user),
    status: readStatus(link, now),
  };
}

export function authenticationView(
  link: LinkRow,
  user: UserRow | undefined,
  now: Date,
): AuthenticationView {
  return {
    id: link.id,
    ...present({
      callback_url: link.callback_url,
      sms_phone_number: link.sms_phone_number,
      user_identifier: link.user_identifier,
    }),
    ...(user ? { user: userView(user) } : {}),
    status: readStatus(link, now),
  };
}

/** A link as its GET shows it (and its callback carries): a registration once it has a user. */
export function linkView(
  kind: LinkKind,
  link: LinkRow,
  user: UserRow | undefined,
  now: Date,
): RegistrationView | AuthenticationView {
  return kind === 'registrations' && user
    ? registrationView(link, user, now)
    : authenticationView(link, user, now);
}

export function organizationView(row: OrganizationRow, redirectUris: string[]): OrganizationView {
  return {
    id: row.id,
    name: row.name,
    domain_name: row.domain_name,
    oidc_client_id: row.oidc_client_id,
    redirect_uris: redirectUris,
    require_platform_authenticator: row.require_platform_authenticator === 1,
    require_resident_key: row.require_resident_key === 1,
    verify_attestation_statement: row.verify_attestation_statement === 1,
  };
}
