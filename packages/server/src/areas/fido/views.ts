import type { LinkRow } from './links-repo.js';
import type { OrganizationRow } from './organizations-repo.js';
import { readStatus, type LinkStatus } from './link.js';
import { userView, type UserRow, type UserView } from './users-repo.js';
import type { FidoOrganization } from '@svc/sdk';

/** The Registration resource (spec fields plus `status` and `redirect_url`). */
export interface RegistrationView {
  id: string;
  callback_url?: string;
  sms_phone_number?: string;
  redirect_url?: string;
  user: UserView;
  status: LinkStatus;
}

/** The Authentication resource. `user_link` is only known when the link is made (secret not stored). */
export interface AuthenticationView {
  id: string;
  callback_url?: string;
  sms_phone_number?: string;
  user_identifier?: string;
  user?: UserView;
  user_link?: string;
  status: LinkStatus;
}

/** Only the fields that have a value, so absent ones are omitted rather than null. */
function present<T extends Record<string, string | null>>(fields: T): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)) as {
    [K in keyof T]?: string;
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

/** The Organization resource, as the SDK's clients read it. */
export type OrganizationView = FidoOrganization;

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
