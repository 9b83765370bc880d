import { verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { decodeAttestationObject } from '@simplewebauthn/server/helpers';
import { assertThat } from '../../../core/errors.js';
import { assertCredentialShaped, maxCredentialIdBytes } from './credential-response.js';
import type { CredentialRow } from '../users/credentials-repo.js';
import type { LinkRow } from './links-repo.js';
import type { OrganizationRow } from '../organizations/organizations-repo.js';
import { reportedTransports } from '../users/transports.js';

export interface RegistrationCase {
  organization: OrganizationRow;
  link: LinkRow;
  userId: string;
  response: unknown;
  expectedOrigin: string;
  newId: string;
  now: string;
  /** Trust anchors are configured: a verified statement must carry a certificate chain. */
  anchoredAttestation: boolean;
}

const failed = 'FIDO_CEREMONY_FAILED';

/**
 * Checks an attestation response against the link's challenge, the expected origin and RP ID and
 * the organization's policy (spec: Organization); returns the credential to store. Our checks
 * fail as FIDO_CEREMONY_FAILED naming the problem; SimpleWebAuthn's throw its own Errors.
 */
export async function judgeRegistration(c: RegistrationCase): Promise<CredentialRow> {
  assertCredentialShaped(c.response);
  const response = c.response as RegistrationResponseJSON;
  const org = c.organization;
  assertThat(c.link.challenge, failed, 'No challenge was issued for this link.');
  // authenticatorAttachment is reported by the browser; a response without it does not show a
  // platform authenticator.
  assertThat(
    !org.require_platform_authenticator || response.authenticatorAttachment === 'platform',
    failed,
    'This organization requires a platform authenticator.',
  );
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: c.link.challenge,
    expectedOrigin: c.expectedOrigin,
    expectedRPID: org.domain_name,
    requireUserVerification: true,
  });
  assertThat(result.verified, failed, 'The attestation statement did not verify.');
  const info = result.registrationInfo;
  assertThat(
    Buffer.from(info.credential.id, 'base64url').length <= maxCredentialIdBytes,
    failed,
    'The credential id is longer than 1023 bytes.',
  );
  assertThat(
    !org.verify_attestation_statement || info.fmt !== 'none',
    failed,
    'This organization requires an attestation statement.',
  );
  // Self attestation is signed by the credential key itself: it says nothing about the
  // authenticator, so with trust anchors configured a chain is required.
  assertThat(
    !org.verify_attestation_statement ||
      !c.anchoredAttestation ||
      hasCertificateChain(info.attestationObject),
    failed,
    'This organization requires an attestation certificate chain.',
  );
  assertThat(
    !org.require_resident_key || response.clientExtensionResults?.credProps?.rk !== false,
    failed,
    'This organization requires a discoverable credential (resident key).',
  );
  return {
    id: c.newId,
    organization_id: org.id,
    user_id: c.userId,
    credential_id: info.credential.id,
    public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: JSON.stringify(reportedTransports(response.response.transports)),
    attestation_format: info.fmt,
    created_at: c.now,
    last_used_at: null,
    name: null,
    // The all-zero AAGUID means the authenticator does not say what it is.
    aaguid: info.aaguid && !/^[0-]+$/.test(info.aaguid) ? info.aaguid : null,
    backed_up: info.credentialBackedUp ? 1 : 0,
  };
}

function hasCertificateChain(attestationObject: Uint8Array<ArrayBuffer>): boolean {
  const x5c = decodeAttestationObject(attestationObject).get('attStmt').get('x5c');
  return Array.isArray(x5c) && x5c.length > 0;
}
