import type { StepFacts } from '../steps.js';
import type { Json } from './components.js';

const hmacScheme = [
  'The SVC HMAC scheme: `Authorization: SVC <token>:<signature>`, where',
  '`signature = base64(hex(HMAC-SHA256(secret, stringToSign)))` (the base64 of the *hex text* of',
  'the digest, keyed with the UTF-8 secret) and `stringToSign` is',
  '`METHOD\\nmd5hex(body)\\nContent-Type\\nDate\\npath?query`: the exact body bytes (the MD5 of an',
  'empty body when there is none), the raw `Content-Type` header (empty when absent), the `Date`',
  '(an `X-Date` header wins over `Date`) and the raw request target. A Date further from the',
  "server's clock than `SVC_CLOCK_SKEW_SECONDS` (default 300 s) is refused. Any failure is 403.",
  '',
  'Every 2xx answer carries `X-Date` and `X-Signature`: the same algorithm over the request method,',
  'the response body, its Content-Type, the X-Date and the request target, keyed with the same',
  'secret.',
  '',
  'Credentials come in four kinds: `server` (the relying party backend), `sdk` (the device app),',
  '`device` (one enrolled device: its own calls, with its own X-Device-Sig only) and `user` (the',
  'legacy v1 API). An operation names the kinds it accepts as the roles of its security',
  'requirement.',
].join('\n');

/** Every scheme the service knows; each document keeps those its operations use. */
export const securitySchemes: Record<string, Json> = {
  SandboxBearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      '`Authorization: Bearer <sandbox_token>` (issued by `svc customers create`); a missing or unknown token is 401 with `WWW-Authenticate: Bearer`.',
  },
  SvcHmac: { type: 'apiKey', in: 'header', name: 'Authorization', description: hmacScheme },
  DeviceSig: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Device-Sig',
    description:
      '`X-Device-Sig: base64(thumbprint:nonce).base64(signature)`: the RFC 7638 thumbprint of a device key, a single-use nonce, and a SHA-256 signature of the first part (its base64 text) with that key (ES256 in DER or raw r‖s, or RS256). A missing, unknown or replayed signature is 403.',
  },
  FidoApiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      '`Authorization: SVC <fido_api_key>` (issued by `svc customers create`); a missing, unknown or other-kind key is 403.',
  },
  ConsoleSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'svc_console',
    description:
      "The session cookie a console sign-in sets (HttpOnly, SameSite=Strict, 12 hours). A write also sends `X-CSRF-Token` with the session's `csrf_token`. No session is 401 `CONSOLE_SIGNED_OUT`; a write without the token is 403 `CONSOLE_CSRF`; a role that may not is 403 `CONSOLE_ROLE`.",
  },
};

type Requirement = Record<string, string[]>;

/** What a route's steps (authentication, device signature) ask of its callers, as OpenAPI states it. */
export function securityOf(facts: StepFacts): {
  security: Requirement[];
  description: string;
} {
  const kinds = (facts.auth ?? []).filter((kind) => kind !== 'none');
  const sig = facts.deviceSig;
  const signer =
    sig === 'named'
      ? 'the device key the body carries or names'
      : 'a registered device of the caller';
  if (kinds.includes('console'))
    return {
      security: [{ ConsoleSession: [] }],
      description: 'A console session (cookie), and `X-CSRF-Token` on writes.',
    };
  if (kinds.includes('sandbox'))
    return { security: [{ SandboxBearer: [] }], description: 'Bearer sandbox token.' };
  if (kinds.includes('fido'))
    return { security: [{ FidoApiKey: [] }], description: '`Authorization: SVC <fido_api_key>`.' };
  if (kinds.length === 0 && sig)
    return {
      security: [{ DeviceSig: [] }],
      description: `No \`Authorization\`: \`X-Device-Sig\` of ${signer}.`,
    };
  if (kinds.length === 0) return { security: [], description: 'No credentials.' };
  const named = (list: readonly string[]) => list.map((kind) => `\`${kind}\``).join(' or ');
  if (sig === 'sdk') {
    const isDevice = (kind: string) => kind === 'sdk' || kind === 'device';
    const devices = kinds.filter(isDevice);
    const others = kinds.filter((kind) => !isDevice(kind));
    return {
      security: [{ SvcHmac: others }, { SvcHmac: devices, DeviceSig: [] }],
      description: `SVC HMAC with ${named(others)} credentials, or ${named(devices)} credentials and \`X-Device-Sig\` of ${signer}.`,
    };
  }
  if (sig)
    return {
      security: [{ SvcHmac: [...kinds], DeviceSig: [] }],
      description: `SVC HMAC with ${named(kinds)} credentials, and \`X-Device-Sig\` of ${signer}.`,
    };
  return {
    security: [{ SvcHmac: [...kinds] }],
    description: `SVC HMAC with ${named(kinds)} credentials.`,
  };
}

/** The schemes that name a customer's credentials (the others, DeviceSig, name no customer). */
const customerSchemes = ['SvcHmac', 'SandboxBearer', 'FidoApiKey'];

/**
 * Whether svc keeps the answers of this route's writes for their retries (core/http/replay.ts):
 * the route claims them, and every way in names a customer.
 */
export function replaysWrites(security: Requirement[], facts: StepFacts): boolean {
  const customer = (r: Requirement) => customerSchemes.some((scheme) => scheme in r);
  return security.length > 0 && security.every(customer) && facts.claimsReplay === true;
}

/** The headers svc adds to an answer, by what authenticated the request. */
export function responseHeaders(security: Requirement[], status: number): Json | undefined {
  const text = { type: 'string' };
  if (status >= 200 && status < 300 && security.some((r) => 'SvcHmac' in r))
    return {
      'X-Date': { ...text, description: 'when the answer was signed (HTTP date)' },
      'X-Signature': { ...text, description: 'SVC HMAC of the answer (see SvcHmac)' },
    };
  if (status === 401 && security.some((r) => 'SandboxBearer' in r))
    return { 'WWW-Authenticate': { ...text, description: '`Bearer`' } };
  return undefined;
}
