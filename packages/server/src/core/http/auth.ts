import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseSvcAuthorization } from '@svc/wire';
import type { Clock } from '../clock.js';
import type { Caller, CredentialResolver } from '../customers.js';
import { AppError } from '../errors.js';
import { parseHttpDate, signatureMatches } from '../crypto/hmac.js';
import { verifyDeviceSig, type DeviceKey } from '../crypto/device-sig.js';
import { useNonce } from '../nonces.js';
import type { Db } from '../store/index.js';
import type { AuthKind, DeviceKeyLookup } from './types.js';
import { routeConfig } from './route-config.js';

export interface AuthDeps {
  db: Db;
  credentials: CredentialResolver;
  clock: Clock;
  skewSeconds: number;
  /** How long a device-signature nonce is remembered. */
  nonceRetentionMs: number;
  /** A customer's registered device keys by RFC 7638 thumbprint, for X-Device-Sig. */
  deviceKey(customerId: string, thumbprint: string): Promise<DeviceKey | null>;
}

const bearerKinds: readonly AuthKind[] = ['sandbox'];
const apiKeyKinds: readonly AuthKind[] = ['fido'];

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A caller known at once (cached) or still being read. */
type Found = Caller | null | Promise<Caller | null>;

/** Accepts or refuses the caller now if it is known, else once it is read. */
function withCaller(found: Found, accept: (caller: Caller | null) => void): void | Promise<void> {
  return found instanceof Promise ? found.then(accept) : accept(found);
}

/** Area A: `Authorization: Bearer <sandbox_token>`; failures are 401. */
function bearer(
  deps: AuthDeps,
  request: FastifyRequest,
  kinds: readonly AuthKind[],
): void | Promise<void> {
  const token = /^Bearer\s+(\S+)$/i.exec(header(request, 'authorization')?.trim() ?? '')?.[1];
  return withCaller(token ? deps.credentials.resolve(token) : null, (caller) => {
    if (!caller || !kinds.includes(caller.kind)) throw new AppError('UNAUTHORIZED');
    request.caller = caller;
  });
}

/** Area C: `Authorization: SVC <fido_api_key>`; failures are 403. */
function apiKey(
  deps: AuthDeps,
  request: FastifyRequest,
  kinds: readonly AuthKind[],
): void | Promise<void> {
  const token = /^SVC\s+([^\s:]+)$/.exec(header(request, 'authorization')?.trim() ?? '')?.[1];
  return withCaller(token ? deps.credentials.resolve(token) : null, (caller) => {
    if (!caller || !kinds.includes(caller.kind))
      throw new AppError('FORBIDDEN', 'A valid API key is required.');
    request.caller = caller;
  });
}

/** Area B: the SVC HMAC over method, body MD5, raw Content-Type, Date and raw path. */
function hmac(
  deps: AuthDeps,
  request: FastifyRequest,
  kinds: readonly AuthKind[],
): void | Promise<void> {
  const presented = parseSvcAuthorization(header(request, 'authorization'));
  if (!presented) throw new AppError('FORBIDDEN', 'Authorization must be SVC <token>:<signature>.');
  const date = header(request, 'x-date') ?? header(request, 'date') ?? '';
  const when = parseHttpDate(date);
  if (!when || Math.abs(when.getTime() - deps.clock.now().getTime()) > deps.skewSeconds * 1000)
    throw new AppError('FORBIDDEN', 'The request date is missing or outside the allowed window.');
  return withCaller(deps.credentials.resolve(presented.token), (caller) => {
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
  });
}

/** The one X-Device-Sig check; sets the signing device. A failure is 403 like any other. */
async function deviceSignature(
  deps: AuthDeps,
  request: FastifyRequest,
  findByThumbprint: DeviceKeyLookup,
): Promise<void> {
  const now = deps.clock.now();
  // The signature covers only thumbprint:nonce (existing clients), so a seen header must stay
  // refused for long, not just for the Date window.
  const expires = new Date(now.getTime() + deps.nonceRetentionMs);
  const result = await verifyDeviceSig(header(request, 'x-device-sig'), {
    findByThumbprint,
    useNonce: (value) => useNonce(deps.db, value, expires, now),
  });
  if (typeof result === 'string') throw new AppError('FORBIDDEN', result);
  request.signingDevice = result.device ?? null;
}

/**
 * Runs a check from a callback-style hook: routes that need no check, and checks answered from
 * the cache, pay no promise. `done` is called outside the try: it runs the next hooks.
 */
function settle(check: () => void | Promise<void>, done: (err?: Error) => void): void {
  let pending: void | Promise<void>;
  try {
    pending = check();
  } catch (err) {
    return done(err as Error);
  }
  if (pending) pending.then(() => done(), done);
  else done();
}

/**
 * Authenticates each route per its `config.auth`, before validation: bad credentials win over bad
 * input.
 */
export function registerAuth(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest('caller', null);
  app.addHook('preValidation', (request, _reply, done) => {
    const { auth: kinds } = routeConfig(request);
    if (!kinds || kinds.includes('none')) return done();
    if (kinds.some((k) => bearerKinds.includes(k)))
      settle(() => bearer(deps, request, kinds), done);
    else if (kinds.some((k) => apiKeyKinds.includes(k)))
      settle(() => apiKey(deps, request, kinds), done);
    else settle(() => hmac(deps, request, kinds), done);
  });
}

/** Whether the route checks X-Device-Sig for this caller, before its handler runs. */
export function checksDeviceSig(request: FastifyRequest): boolean {
  const { deviceSig } = routeConfig(request);
  if (deviceSig === 'sdk') return request.caller?.kind === 'sdk';
  return deviceSig === true || typeof deviceSig === 'object';
}

/**
 * Checks X-Device-Sig per the route's `config.deviceSig`. A signature by the key the request itself
 * names can only be checked on the validated body, so that rule runs after validation.
 */
export function registerDeviceSig(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest('signingDevice', null);
  app.addHook('preValidation', (request, _reply, done) => {
    const { deviceSig } = routeConfig(request);
    if (typeof deviceSig === 'object' || !checksDeviceSig(request)) return done();
    const customerId = request.caller?.customerId;
    if (!customerId)
      return done(new AppError('FORBIDDEN', 'X-Device-Sig needs an authenticated caller.'));
    const lookup: DeviceKeyLookup = (thumbprint) => deps.deviceKey(customerId, thumbprint);
    settle(() => deviceSignature(deps, request, lookup), done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const rule = routeConfig(request).deviceSig;
    if (typeof rule !== 'object') return done();
    settle(
      () => rule.keyOf(request).then((lookup) => deviceSignature(deps, request, lookup)),
      done,
    );
  });
}
