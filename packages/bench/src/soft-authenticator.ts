import { createHash, createPublicKey, randomBytes, sign, type KeyObject } from 'node:crypto';
import { generateEcKey } from '@svc/sdk/node';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator with real P-256 keys, for route tests and the bench: it builds
 * authenticator data, CBOR attestation objects (fmt `none`, or `packed` with self attestation or an
 * x5c chain) and ECDSA
 * assertions the way CTAP2 authenticators do. The browser suite covers Chromium's own authenticator.
 */
export interface SoftOptions {
  fmt?: 'none' | 'packed';
  attachment?: 'platform' | 'cross-platform' | null;
  userVerified?: boolean;
  residentKey?: boolean;
  /** The model's AAGUID (uuid text); default all zeros (no model named). */
  aaguid?: string;
  /** Report the credential as backup eligible and backed up (a synced passkey). */
  backedUp?: boolean;
  /** Reuse this credential id (a forged or cloned registration). */
  credentialId?: Buffer;
  /** With fmt `packed`: sign with this attestation key and send its certificate chain (x5c), not self attestation. */
  attestation?: { chain: Uint8Array[]; key: KeyObject };
}

interface Stored {
  id: Buffer;
  key: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest();

export class SoftAuthenticator {
  readonly credentials: Stored[] = [];
  constructor(readonly options: SoftOptions = {}) {}

  private flags(extra: number): number {
    const backup = this.options.backedUp ? 0x08 | 0x10 : 0;
    return 0x01 | (this.options.userVerified === false ? 0 : 0x04) | backup | extra;
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    origin: string,
    rpId = options.rp.id ?? '',
  ): RegistrationResponseJSON {
    const privateKey = generateEcKey();
    const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const id = this.options.credentialId ?? randomBytes(32);
    const counter = Buffer.alloc(4);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(0x40)]),
      counter,
      this.options.aaguid
        ? Buffer.from(this.options.aaguid.replace(/-/g, ''), 'hex')
        : Buffer.alloc(16),
      idLength,
      id,
      cose,
    ]);
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, origin);
    const signed = Buffer.concat([authData, sha256(clientDataJSON)]);
    const { attestation } = this.options;
    const attStmt = new Map<string, number | Uint8Array | Uint8Array[]>();
    if (this.options.fmt === 'packed') {
      attStmt.set('alg', -7).set('sig', sign('sha256', signed, attestation?.key ?? privateKey));
      if (attestation) attStmt.set('x5c', attestation.chain);
    }
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, number | Uint8Array | Uint8Array[]>>([
        ['fmt', this.options.fmt ?? 'none'],
        ['attStmt', attStmt],
        ['authData', authData],
      ]),
    );
    this.credentials.push({ id, key: privateKey, rpId, userHandle: options.user.id, counter: 0 });
    const attachment = this.options.attachment === undefined ? 'platform' : this.options.attachment;
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientDataJSON),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      ...(attachment ? { authenticatorAttachment: attachment } : {}),
      clientExtensionResults: { credProps: { rk: this.options.residentKey ?? true } },
    };
  }

  /** Signs with the first allowed credential, or (empty allow list) the first one for the RP ID. */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    origin: string,
    pick?: Stored,
  ): AuthenticationResponseJSON {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const rpId = options.rpId ?? '';
    const credential =
      pick ??
      this.credentials.find(
        (c) => c.rpId === rpId && (allowed.length === 0 || allowed.includes(b64(c.id))),
      );
    if (!credential) throw new Error('no credential for this request');
    credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([
      sha256(credential.rpId),
      Buffer.from([this.flags(0)]),
      counter,
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.key,
    );
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
