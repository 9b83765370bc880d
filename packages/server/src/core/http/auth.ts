import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseSvcAuthorization } from '@svc/wire';
import { AppError } from '../errors.js';
import { parseHttpDate, signatureMatches } from '../crypto/hmac.js';
import { verifyDeviceSig } from '../crypto/device-sig.js';
import { useNonce } from '../nonces.js';
import { stating } from './steps.js';
import { httpCoreOf, type AuthKind, type DeviceKeyLookup } from './types.js';

/** A route step: a route-level hook (`onRequest`, `preValidation`, `preHandler`). */
export type Step = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The credential steps run before validation: bad credentials win over bad input. Each names the
 * credential kinds its route accepts.
 */

/** Area A: `Authorization: Bearer <sandbox_token>`; failures are 401. */
export function bearer(...kinds: AuthKind[]): Step {
  return stating(
    async function bearer(request) {
      const header_ = header(request, 'authorization')?.trim() ?? '';
      const token = /^Bearer\s+(\S+)$/i.exec(header_)?.[1];
      const caller = token ? await httpCoreOf(request).credentials.resolve(token) : null;
      if (!caller || !kinds.includes(caller.kind)) throw new AppError('UNAUTHORIZED');
      request.caller = caller;
    },
    { auth: kinds },
  );
}

/** Area C: `Authorization: SVC <fido_api_key>`; failures are 403. */
export function apiKey(...kinds: AuthKind[]): Step {
  return stating(
    async function apiKey(request) {
      const token = /^SVC\s+([^\s:]+)$/.exec(header(request, 'authorization')?.trim() ?? '')?.[1];
      const caller = token ? await httpCoreOf(request).credentials.resolve(token) : null;
      if (!caller || !kinds.includes(caller.kind))
        throw new AppError('FORBIDDEN', 'A valid API key is required.');
      request.caller = caller;
    },
    { auth: kinds },
  );
}

/** Area B: the SVC HMAC over method, body MD5, raw Content-Type, Date and raw path. */
export function hmac(...kinds: AuthKind[]): Step {
  return stating(
    async function hmac(request) {
      const { clock, skewSeconds, credentials } = httpCoreOf(request);
      const presented = parseSvcAuthorization(header(request, 'authorization'));
      if (!presented)
        throw new AppError('FORBIDDEN', 'Authorization must be SVC <token>:<signature>.');
      const date = header(request, 'x-date') ?? header(request, 'date') ?? '';
      const when = parseHttpDate(date);
      if (!when || Math.abs(when.getTime() - clock.now().getTime()) > skewSeconds * 1000)
        throw new AppError(
          'FORBIDDEN',
          'The request date is missing or outside the allowed window.',
        );
      const caller = await credentials.resolve(presented.token);
      if (!caller?.secret || !kinds.includes(caller.kind))
        throw new AppError('FORBIDDEN', 'These credentials are not valid for this endpoint.');
      const parts = {
        method: request.method,
        body: request.rawBody ?? '',
        contentType: header(request, 'content-type') ?? '',
        date,
        path: request.raw.url ?? request.url,
      };
      if (!signatureMatches(caller.secret, parts, presented.signature))
        throw new AppError('FORBIDDEN', 'The request signature does not match.');
      request.caller = caller;
    },
    { auth: kinds },
  );
}

/** The one X-Device-Sig check; sets the signing device. A failure is 403 like any other. */
async function checkDeviceSignature(
  request: FastifyRequest,
  findByThumbprint: DeviceKeyLookup,
): Promise<void> {
  const { clock, db, nonceRetentionMs } = httpCoreOf(request);
  const now = clock.now();
  // The signature covers only thumbprint:nonce (existing clients), so a seen header must stay
  // refused for long, not just for the Date window.
  const expires = new Date(now.getTime() + nonceRetentionMs);
  const result = await verifyDeviceSig(header(request, 'x-device-sig'), {
    findByThumbprint,
    useNonce: (value) => useNonce(db, value, expires, now),
  });
  if (typeof result === 'string') throw new AppError('FORBIDDEN', result);
  request.signingDevice = result.device ?? null;
}

/** A device signature step; `checks` tells whether it checks X-Device-Sig for this caller. */
export interface DeviceSignatureStep extends Step {
  checks(request: FastifyRequest): boolean;
}

/** The credential kinds of a device's own calls: the app's SDK ones, or an enrolled device's. */
export const deviceKinds = ['sdk', 'device'] as const satisfies readonly AuthKind[];

/**
 * X-Device-Sig of one of the caller's registered devices, when `applies` to the caller. Device
 * credentials speak for one device: any other device's key is unknown to them.
 */
function ofCallersDevice(
  applies: (request: FastifyRequest) => boolean,
  deviceSig: 'device' | 'sdk',
): DeviceSignatureStep {
  const step = async function deviceSignature(request: FastifyRequest) {
    if (!applies(request)) return;
    const customerId = request.caller?.customerId;
    if (!customerId) throw new AppError('FORBIDDEN', 'X-Device-Sig needs an authenticated caller.');
    const core = httpCoreOf(request);
    const only = request.caller?.deviceIdentifier ?? null;
    await checkDeviceSignature(request, async (thumbprint) => {
      const key = await core.deviceKey(customerId, thumbprint);
      return only === null || key?.identifier === only ? key : null;
    });
  };
  return stating(Object.assign(step, { checks: applies }), { deviceSig });
}

/** X-Device-Sig of a registered device of the authenticated customer (preValidation). */
export const deviceSignature = ofCallersDevice(() => true, 'device');

/** X-Device-Sig of a registered device, from device callers only: the RP reads without one. */
export const sdkDeviceSignature = ofCallersDevice(
  (request) => request.caller?.kind === 'sdk' || request.caller?.kind === 'device',
  'sdk',
);

/**
 * X-Device-Sig made with the key the validated request names (a preHandler: it reads the parsed
 * body). `keyOf` may refuse the request first, e.g. 422 for a bad key or 424 for an unknown device.
 */
export function signedByKeyOf(
  keyOf: (request: FastifyRequest) => Promise<DeviceKeyLookup>,
): DeviceSignatureStep {
  const step = async function signedByNamedKey(request: FastifyRequest) {
    await checkDeviceSignature(request, await keyOf(request));
  };
  return stating(Object.assign(step, { checks: () => true }), { deviceSig: 'named' });
}
