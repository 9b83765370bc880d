import type { ApiDocument } from './index.js';

/** The three API documents: their titles, versions, descriptions and tags. */
export const apiDocuments = {
  sandbox: {
    title: 'svc sandbox (Area A)',
    version: '2.0.0',
    description:
      "Driver's-license data verification against fake agency records: `DL000001`–`DL000024` select the predefined cases.",
    tags: [{ name: 'Verification', description: 'Match indicators for a license data set' }],
  },
  main: {
    title: 'svc main API (Area B)',
    version: '2.0.0',
    description:
      'Devices, device-user bindings, user identifiers, identity documents, svcfications (authentication requests), svccodes and the legacy v1 verifications. Requests are signed with the SVC HMAC scheme (see the SvcHmac security scheme).',
    tags: [
      { name: 'Keys', description: 'The keys that verify the JWTs svc issues' },
      { name: 'Devices', description: 'Device keys and their activation' },
      { name: 'Enrollments', description: 'Single-use links that put a phone on a user' },
      { name: 'Push', description: 'The channels that wake a device (Web Push, FCM, APNs)' },
      { name: 'Presence', description: "The WebAuthn credential of a web app's level 2" },
      { name: 'User devices', description: "Bindings of devices to the relying party's users" },
      { name: 'Users', description: 'User identifiers and users' },
      { name: 'Identity documents', description: "Registered driver's licenses (hashes only)" },
      { name: 'Svcfications', description: 'Authentication requests and the answers of devices' },
      { name: 'Legacy verifications', description: 'The v1 API (user credentials)' },
      { name: 'Svccodes', description: 'Scannable codes: pairing a device, binding its user' },
    ],
  },
  fido: {
    title: 'svc FIDO API (Area C)',
    version: '1.5.1',
    description:
      "Passwordless WebAuthn registration and login through links that svc hosts, and each organization's OpenID Provider (Sign in with svc). API calls carry `Authorization: SVC <fido_api_key>`; the provider's endpoints take OAuth client credentials or access tokens and answer OAuth errors.",
    tags: [
      { name: 'Organizations', description: "The caller's organization and its redirect URIs" },
      { name: 'Users', description: "The organization's users" },
      { name: 'Registrations', description: 'Links that enroll a passkey' },
      { name: 'Authentications', description: 'Links that sign in with a passkey' },
      {
        name: 'Pages',
        description:
          'The calls the pages behind `user_link` make (the link secret is the credential)',
      },
      {
        name: 'Sign in with svc',
        description:
          "The JSON endpoints of the organization's OpenID Provider (oidc-provider), under its issuer `{base}/oidc/{organization_id}`; authorization and end session are browser pages",
      },
    ],
  },
  console: {
    title: 'svc admin API (the console)',
    version: '1.0.0',
    description:
      "What the web console at `/console` does, for any client: passkey sign-in to svc's own FIDO organization, invitations, an operator's customers and health, and a customer's users, svcfications, deliveries and audit trail. A session is a cookie; writes also send `X-CSRF-Token`.",
    tags: [
      { name: 'Session', description: 'Passkey sign-in and the session' },
      { name: 'Invitations', description: 'Single-use links that create console accounts' },
      { name: 'Operator', description: "svc's operators: customers, credentials and health" },
      { name: 'Customer', description: "A customer's admins (writes) and viewers (reads)" },
      { name: 'Audit', description: "The customer's audit trail (docs/audit.md)" },
    ],
  },
} as const satisfies Record<string, ApiDocument>;
