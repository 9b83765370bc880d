import { decodeBase64, encodeBase64 } from './base64.js';
import { isPlainText } from './plain-text.js';

/** Answers the device's own presence: signed by the device key. */
export interface DeviceArPayload {
  type: 'device_ar';
  svcfication_id: string;
  device_identifier: string;
  /** Generated on the device; single use. */
  nonce: string;
  /** sha256 hex of `nonce:device_identifier`. */
  checksum: string;
  accelerometer?: [number, number, number];
  gyro?: [number, number, number];
  /** Number matching: the number the user picked on the device (ignored when it is off). */
  match_number?: number;
}

/** Answers the user's presence: signed by the auth key. */
export interface UserPresencePayload {
  type: 'user_presence';
  svcfication_id: string;
  device_identifier: string;
}

/**
 * Answers the user's presence with a WebAuthn assertion made with user verification (web apps,
 * whose keys cannot require biometrics): signed by the device key. The assertion's challenge is
 * `presenceChallenge(svcfication_id, device_identifier, nonce)`; its credential is the one the
 * device registered (`PUT /api/v2/presence/credential`).
 */
export interface WebauthnPresencePayload {
  type: 'webauthn_presence';
  svcfication_id: string;
  device_identifier: string;
  /** Generated on the device; single use. */
  nonce: string;
  /** `PublicKeyCredential.toJSON()` of the assertion (WebAuthn Level 3). */
  assertion: PresenceAssertion;
}

/** A WebAuthn assertion as JSON: every binary field base64url. */
export interface PresenceAssertion {
  id: string;
  rawId: string;
  type: 'public-key';
  response: {
    clientDataJSON: string;
    authenticatorData: string;
    signature: string;
    userHandle?: string;
  };
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment?: string;
}

/** Answers with a scanned driver's license: signed by the device key. */
export interface AamvaLicensePayload {
  type: 'aamva_drivers_license';
  svcfication_id: string;
  device_identifier: string;
  /** Device-generated hash of the scanned license data. */
  hash: string;
  /** Generated at scan; single use. */
  nonce: string;
  /** The barcode box in the camera viewport. */
  scan_x?: number;
  scan_y?: number;
  scan_width?: number;
  scan_height?: number;
  /** Seconds to scan. */
  scan_time?: number;
}

/** What a device sends to `POST /api/v2/svcfication_responses`, one string per payload. */
export type SvcficationPayload =
  DeviceArPayload | UserPresencePayload | WebauthnPresencePayload | AamvaLicensePayload;
export type PayloadType = SvcficationPayload['type'];

const payloadTypes: readonly string[] = [
  'device_ar',
  'user_presence',
  'webauthn_presence',
  'aamva_drivers_license',
] satisfies PayloadType[];

/**
 * What decoding vouches for. The proof fields are strings when present; which of them a type
 * requires, and whether the signature verifies, the receiver checks with the device's keys.
 */
export interface DecodedPayload extends Pick<
  SvcficationPayload,
  'type' | 'svcfication_id' | 'device_identifier'
> {
  nonce?: string;
  checksum?: string;
  hash?: string;
  match_number?: number;
  /** webauthn_presence: its shape checked, its signature not. */
  assertion?: PresenceAssertion;
}

/** A payload string taken apart. */
export interface PayloadParts {
  payload: DecodedPayload;
  /** The JSON text exactly as signed. */
  signedText: string;
  signature: Buffer;
}

/** `base64(json).base64(sign(json))`; `sign` receives exactly the JSON text that is sent. */
export async function encodePayload(
  payload: object,
  sign: (json: string) => Uint8Array | Promise<Uint8Array>,
): Promise<string> {
  const json = JSON.stringify(payload);
  return `${encodeBase64(new TextEncoder().encode(json))}.${encodeBase64(await sign(json))}`;
}

/** Decodes `base64(json).base64(signature)`: its parts, or the reason it is not a payload. */
export function decodePayload(text: string): PayloadParts | string {
  const [jsonPart, sigPart, extra] = text.split('.');
  const jsonBytes = jsonPart ? decodeBase64(jsonPart) : null;
  const signature = sigPart ? decodeBase64(sigPart) : null;
  if (!jsonBytes || !signature || extra !== undefined)
    return 'a payload must be base64(json).base64(signature)';
  const signedText = jsonBytes.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(signedText);
  } catch {
    return 'a payload is not JSON';
  }
  const p = value as Partial<Record<keyof DecodedPayload, unknown>>;
  if (typeof value !== 'object' || value === null || !payloadTypes.includes(p.type as string))
    return 'a payload has no known type';
  if (typeof p.svcfication_id !== 'string' || typeof p.device_identifier !== 'string')
    return `${String(p.type)}: svcfication_id and device_identifier are required`;
  for (const key of ['nonce', 'checksum', 'hash'] as const)
    if (p[key] !== undefined && typeof p[key] !== 'string')
      return `${String(p.type)}: ${key} must be a string`;
  for (const key of ['svcfication_id', 'device_identifier', 'nonce', 'checksum', 'hash'] as const) {
    const value = p[key];
    if (typeof value === 'string' && !isPlainText(value))
      return `${String(p.type)}: ${key} must be 1–512 characters without control characters`;
  }
  if (p.match_number !== undefined && !Number.isSafeInteger(p.match_number))
    return `${String(p.type)}: match_number must be an integer`;
  if (p.type === 'webauthn_presence' && !isAssertion(p.assertion))
    return 'webauthn_presence: assertion must be a WebAuthn assertion in JSON (base64url fields)';
  const problem = measurementProblem(value as Record<string, unknown>);
  if (problem) return `${String(p.type)}: ${problem}`;
  return { payload: value as DecodedPayload, signedText, signature };
}

/** base64url of at most 3 kB: far beyond any authenticator's data, signature or client data. */
const isBase64Url = (v: unknown): v is string =>
  typeof v === 'string' && v.length <= 4096 && /^[A-Za-z0-9_-]+$/.test(v);

function isAssertion(value: unknown): value is PresenceAssertion {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Partial<Record<keyof PresenceAssertion, unknown>>;
  const r = (a.response ?? null) as Partial<Record<string, unknown>> | null;
  return (
    isBase64Url(a.id) &&
    a.rawId === a.id &&
    a.type === 'public-key' &&
    typeof r === 'object' &&
    r !== null &&
    isBase64Url(r.clientDataJSON) &&
    isBase64Url(r.authenticatorData) &&
    isBase64Url(r.signature) &&
    (r.userHandle === undefined || isBase64Url(r.userHandle)) &&
    typeof a.clientExtensionResults === 'object' &&
    a.clientExtensionResults !== null &&
    JSON.stringify(a.clientExtensionResults).length <= 1024 &&
    (a.authenticatorAttachment === undefined ||
      (typeof a.authenticatorAttachment === 'string' && a.authenticatorAttachment.length <= 32))
  );
}

const isNumber = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);

/** The optional sensor readings and scan box of the spec, when present, in their types. */
function measurementProblem(p: Record<string, unknown>): string | null {
  for (const key of ['accelerometer', 'gyro'])
    if (
      p[key] !== undefined &&
      !(Array.isArray(p[key]) && p[key].length === 3 && p[key].every(isNumber))
    )
      return `${key} must be an array of 3 numbers`;
  for (const key of ['scan_x', 'scan_y', 'scan_width', 'scan_height', 'scan_time'])
    if (p[key] !== undefined && !isNumber(p[key])) return `${key} must be a number`;
  return null;
}
