import {
  presenceChallenge,
  type AamvaLicensePayload,
  type DeviceArPayload,
  type PresenceAssertion,
  type UserPresencePayload,
  type WebauthnPresencePayload,
} from '@svc/wire/web';
import type { DeviceKeys } from './device-keys.js';
import { signedPayload } from './device-signatures.js';
import { sha256Hex } from './sha256-hex.js';

/** 1 = EN (the device), 2 = ES (plus the user's presence), 3 = EX (plus the identity document). */
export type AssuranceLevel = 1 | 2 | 3;

/** The three payload kinds a device sends to answer a svcfication. */
export const payloads = {
  async deviceAr(
    keys: DeviceKeys,
    svcficationId: string,
    deviceIdentifier: string,
    nonce: string = crypto.randomUUID(),
    matchNumber?: number,
  ): Promise<string> {
    const checksum = await sha256Hex(`${nonce}:${deviceIdentifier}`);
    return signedPayload(keys.device, {
      type: 'device_ar',
      svcfication_id: svcficationId,
      device_identifier: deviceIdentifier,
      nonce,
      checksum,
      accelerometer: [0, 0, 9.8],
      gyro: [0, 0, 0],
      ...(matchNumber === undefined ? {} : { match_number: matchNumber }),
    } satisfies DeviceArPayload);
  },
  userPresence(keys: DeviceKeys, svcficationId: string, deviceIdentifier: string): Promise<string> {
    return signedPayload(keys.auth, {
      type: 'user_presence',
      svcfication_id: svcficationId,
      device_identifier: deviceIdentifier,
    } satisfies UserPresencePayload);
  },
  /** A web app's presence: a WebAuthn assertion over `presenceChallenge`, signed by the device key. */
  async webauthnPresence(
    keys: DeviceKeys,
    svcficationId: string,
    deviceIdentifier: string,
    assert: PresenceAssert,
    nonce: string = crypto.randomUUID(),
  ): Promise<string> {
    const assertion = await assert(await presenceChallenge(svcficationId, deviceIdentifier, nonce));
    return signedPayload(keys.device, {
      type: 'webauthn_presence',
      svcfication_id: svcficationId,
      device_identifier: deviceIdentifier,
      nonce,
      assertion,
    } satisfies WebauthnPresencePayload);
  },
  license(
    keys: DeviceKeys,
    svcficationId: string,
    deviceIdentifier: string,
    hash: string,
    nonce: string = crypto.randomUUID(),
  ): Promise<string> {
    return signedPayload(keys.device, {
      type: 'aamva_drivers_license',
      svcfication_id: svcficationId,
      device_identifier: deviceIdentifier,
      hash,
      nonce,
      scan_time: 1.2,
    } satisfies AamvaLicensePayload);
  },
};

/**
 * Makes a WebAuthn assertion with user verification over the challenge (base64url), by the
 * device's presence credential: in a browser, `navigator.credentials.get` and `toJSON()`.
 */
export type PresenceAssert = (challenge: string) => Promise<PresenceAssertion>;

export interface AnswerOptions {
  /** Level 3: the registered document's hash. */
  documentHash?: string | undefined;
  /**
   * Number matching: the number the user picked among the svcfication's `match_candidates`. A
   * missing or wrong number rejects the svcfication.
   */
  matchNumber?: number | undefined;
  /** From level 2, prove the user's presence with WebAuthn (web apps) instead of the auth key. */
  presence?: PresenceAssert | undefined;
}

/**
 * The payloads that prove `level`: `device_ar` (device key), plus the user's presence from level 2
 * (`user_presence` by the auth key, or with `presence` a `webauthn_presence`), plus
 * `aamva_drivers_license` with the registered document's hash at level 3. With number matching,
 * `matchNumber` is the number the user picked (it goes into `device_ar`).
 */
export async function answerPayloads(
  keys: DeviceKeys,
  svcficationId: string,
  deviceIdentifier: string,
  level: AssuranceLevel,
  { documentHash, matchNumber, presence }: AnswerOptions = {},
): Promise<string[]> {
  if (![1, 2, 3].includes(level)) throw new Error(`level must be 1, 2 or 3, not ${String(level)}`);
  const list = [
    payloads.deviceAr(keys, svcficationId, deviceIdentifier, crypto.randomUUID(), matchNumber),
  ];
  if (level >= 2)
    list.push(
      presence
        ? payloads.webauthnPresence(keys, svcficationId, deviceIdentifier, presence)
        : payloads.userPresence(keys, svcficationId, deviceIdentifier),
    );
  if (level === 3) {
    if (!documentHash)
      throw new Error(
        'level 3 needs the hash of a registered identity document: register one first',
      );
    list.push(payloads.license(keys, svcficationId, deviceIdentifier, documentHash));
  }
  return Promise.all(list);
}
