import { createHash, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import {
  buildDeviceSig,
  encodePayload,
  type AamvaLicensePayload,
  type DeviceArPayload,
  type IdentityDocument,
  type SyncDeviceResponse,
  type UserPresencePayload,
} from '@svc/wire';
import { joinUrl, readJson } from './http.js';
import { SignedClient, type SignedClientOptions } from './rp-client.js';

export interface DeviceKeys {
  device: KeyObject;
  auth: KeyObject;
}

export function generateDeviceKeys(): DeviceKeys {
  return {
    device: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
    auth: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
  };
}

export function publicJwk(key: KeyObject): JWK {
  const { kty, crv, x, y, n, e } = key.export({ format: 'jwk' });
  return Object.fromEntries(
    Object.entries({ kty, crv, x, y, n, e }).filter(([, v]) => v !== undefined),
  );
}

/** SHA-256 signature as mobile platforms make it (ECDSA in DER). */
function signatureOf(key: KeyObject, data: string): Buffer {
  return sign(
    'sha256',
    Buffer.from(data),
    key.asymmetricKeyType === 'ec' ? { key, dsaEncoding: 'der' } : key,
  );
}

/** SHA-256 signature (ECDSA in DER) in base64, as a device app sends it. */
export function signSha256(key: KeyObject, data: string): string {
  return signatureOf(key, data).toString('base64');
}

/** An X-Device-Sig header for the device key (the key's RFC 7638 thumbprint names the device). */
export async function deviceSigHeader(
  key: KeyObject,
  nonce: string = randomUUID(),
): Promise<string> {
  const thumbprint = await calculateJwkThumbprint(publicJwk(key), 'sha256');
  return buildDeviceSig(thumbprint, nonce, (text) => signatureOf(key, text));
}

/** A response payload string signed with `key`; any JSON object, so tests can send bad ones. */
export function signedPayload(key: KeyObject, payload: object): string {
  return encodePayload(payload, (json) => signatureOf(key, json));
}

/** The three payload kinds a device sends to answer a svcfication. */
export const payloads = {
  deviceAr(
    keys: DeviceKeys,
    svcficationId: string,
    deviceIdentifier: string,
    nonce: string = randomUUID(),
  ): string {
    const checksum = createHash('sha256').update(`${nonce}:${deviceIdentifier}`).digest('hex');
    return signedPayload(keys.device, {
      type: 'device_ar',
      svcfication_id: svcficationId,
      device_identifier: deviceIdentifier,
      nonce,
      checksum,
      accelerometer: [0, 0, 9.8],
      gyro: [0, 0, 0],
    } satisfies DeviceArPayload);
  },
  userPresence(keys: DeviceKeys, svcficationId: string, deviceIdentifier: string): string {
    return signedPayload(keys.auth, {
      type: 'user_presence',
      svcfication_id: svcficationId,
      device_identifier: deviceIdentifier,
    } satisfies UserPresencePayload);
  },
  license(
    keys: DeviceKeys,
    svcficationId: string,
    deviceIdentifier: string,
    hash: string,
    nonce: string = randomUUID(),
  ): string {
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

/** What a phone app does: holds its keys, registers, and signs every call with X-Device-Sig. */
export class DeviceClient extends SignedClient {
  identifier = '';
  constructor(
    options: SignedClientOptions,
    readonly keys: DeviceKeys = generateDeviceKeys(),
  ) {
    super(options);
  }

  async signed<T>(method: string, path: string, body?: unknown) {
    return this.request<T>(method, path, body, {
      'x-device-sig': await deviceSigHeader(this.keys.device),
    });
  }

  async register(
    platform: 'android' | 'ios' = 'ios',
  ): Promise<SyncDeviceResponse & { status: number }> {
    const { status, body } = await this.signed<SyncDeviceResponse>('POST', '/api/v2/devices', {
      device_public_key: publicJwk(this.keys.device),
      auth_public_key: publicJwk(this.keys.auth),
      device_platform: platform,
      bundle_id: 'com.example.app',
    });
    this.identifier = body.identifier;
    return { ...body, status };
  }

  /** A call that carries only X-Device-Sig, no Authorization (pairing a scanned svccode); answers are unsigned. */
  async unauthenticated<T>(method: string, path: string, body: unknown): Promise<T> {
    const response = await this.fetch(joinUrl(this.options.baseUrl, path), {
      method,
      headers: {
        'content-type': 'application/json',
        'x-device-sig': await deviceSigHeader(this.keys.device),
      },
      body: JSON.stringify(body),
    });
    return readJson<T>(response);
  }

  registerDocument = (document: { hash: string } & Record<string, unknown>) =>
    this.signed<IdentityDocument>('POST', '/api/v2/identity_documents', document).then(
      (r) => r.body,
    );
}
