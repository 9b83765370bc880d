import { verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { presenceCredentialChallenge, type PresenceCredential } from '@svc/wire';
import { webauthnProblem } from '../../core/crypto/webauthn-problem.js';
import { AppError } from '../../core/errors.js';
import { useNonce } from '../../core/nonces.js';
import type { DevicesTable, PresenceCredentialsTable } from '../../core/store/schema.js';
import { saveCredential } from './credentials-repo.js';
import type { PresenceDeps } from './deps.js';
import type { PresenceCredentialBody } from './schemas.js';

/** How long registration nonces are remembered: far beyond any credential creation. */
const nonceMemoryMs = 24 * 60 * 60 * 1000;

const invalid = (reason: string) => new AppError('PRESENCE_CREDENTIAL_INVALID', reason);

/**
 * Registers the signing device's presence credential, replacing any it had: a WebAuthn credential
 * made with user verification at one of the origins svc Authenticator may run at (the RP ID that
 * origin's host), whose challenge binds the device and a nonce the device made (single use). Attestation is not asked for: the device key vouches for
 * the device; the credential only proves that its user was there.
 */
export async function registerPresenceCredential(
  deps: PresenceDeps,
  customerId: string,
  device: DevicesTable,
  body: PresenceCredentialBody,
): Promise<PresenceCredential> {
  const expectedChallenge = await presenceCredentialChallenge(device.identifier, body.nonce);
  const result = await verifyRegistrationResponse({
    response: body.credential as RegistrationResponseJSON,
    expectedChallenge,
    expectedOrigin: deps.origins,
    expectedRPID: deps.origins.map((origin) => new URL(origin).hostname),
    requireUserVerification: true,
  }).catch((err: unknown) => {
    throw invalid(webauthnProblem(err));
  });
  if (!result.verified) throw invalid('The attestation did not verify.');
  const { credential, credentialBackedUp, origin, rpID } = result.registrationInfo;
  // Each origin with its own host: not one allowed origin with another's RP ID.
  if (new URL(origin).hostname !== rpID) throw invalid(`the RP ID is not ${origin}'s host`);
  const now = deps.clock.now();
  const row: PresenceCredentialsTable = {
    device_identifier: device.identifier,
    customer_id: customerId,
    credential_id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    rp_id: rpID,
    origin,
    backed_up: credentialBackedUp ? 1 : 0,
    created_at: now.toISOString(),
  };
  const expires = new Date(now.getTime() + nonceMemoryMs);
  await deps.db.transaction().execute(async (tx) => {
    if (!(await useNonce(tx, `presence:${device.identifier}:${body.nonce}`, expires, now)))
      throw invalid('nonce was already used');
    await saveCredential(tx, row);
    await deps.audit.record(tx, {
      action: 'device.presence_credential_registered',
      customerId,
      targets: { device: device.identifier },
      details: { rp_id: rpID, backed_up: credentialBackedUp },
    });
  });
  return {
    credential_id: row.credential_id,
    rp_id: row.rp_id,
    backed_up: credentialBackedUp,
    created_at: row.created_at,
  };
}
