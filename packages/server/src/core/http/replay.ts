import { createHash } from 'node:crypto';
import { parseDeviceSig } from '@svc/wire';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../errors.js';
import { claimKey, releaseKey, storeResponse } from '../idempotency.js';
import type { DeviceSignatureStep } from './auth.js';
import { stating } from './steps.js';
import { httpCoreOf, type HttpCore } from './types.js';

interface Claim {
  customerId: string;
  key: string;
  claim: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency claim this request holds, stored or released in onSend. */
    replayClaim: Claim | null;
    /** Set when the handler is about to run: only then is a 4xx answer worth replaying. */
    handlerStarted: boolean;
  }
}

const keyedHours = 24;
/** An unanswered claim older than this belongs to a process that died mid-request. */
const leaseMs = 60_000;
const replayedHeaders = ['content-type', 'location'] as const;

const sha256 = (value: string | Buffer): string =>
  createHash('sha256').update(value).digest('base64url');

function fingerprintOf(request: FastifyRequest): string {
  const url = request.raw.url ?? request.url;
  return sha256(
    Buffer.concat([Buffer.from(`${request.method} ${url}\n`), request.rawBody ?? Buffer.alloc(0)]),
  );
}

function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(value))
    throw new AppError('IDEMPOTENCY_KEY_INVALID');
  return value;
}

/**
 * The X-Device-Sig of a device call: only where the route checks it for this caller. Elsewhere it
 * is no part of the request's identity: an added header must not make a replay a new write.
 */
function deviceSigOf(
  request: FastifyRequest,
  signed: DeviceSignatureStep | undefined,
): string | undefined {
  const header = request.headers['x-device-sig'];
  return typeof header === 'string' && signed?.checks(request) ? header : undefined;
}

/**
 * Who makes the write, within its customer: the kind of credentials, and for a device call the
 * key its X-Device-Sig names (every device of a customer shares the SDK credentials). A repeat is
 * answered only with its own maker's answer; the named key is checked after the claim, and a
 * claim whose X-Device-Sig fails is released unanswered.
 */
function makerOf(request: FastifyRequest, kind: string, deviceSig: string | undefined): string {
  const thumbprint = deviceSig === undefined ? null : parseDeviceSig(deviceSig)?.thumbprint;
  return thumbprint ? `${kind}:${thumbprint}` : kind;
}

/** The key of this write: its maker's Idempotency-Key, or else its signed headers themselves. */
function keyOf(
  request: FastifyRequest,
  deps: HttpCore,
  deviceSig: string | undefined,
): { key: string; ttlMs: number } | null {
  const kind = request.caller?.kind ?? '';
  const keyed = idempotencyKey(request);
  if (keyed !== undefined)
    return {
      key: `idem:${makerOf(request, kind, deviceSig)}:${keyed}`,
      ttlMs: keyedHours * 3_600_000,
    };
  const authorization = request.headers.authorization;
  // Only an HMAC signature covers method, path, body and Date; a bearer or API key does not.
  if (!request.caller?.secret || typeof authorization !== 'string') return null;
  // The signature does not cover the device: its X-Device-Sig (fresh nonce each call) is part of it.
  const signed = deviceSig === undefined ? authorization : `${authorization}\n${deviceSig}`;
  return { key: `sig:${sha256(signed)}`, ttlMs: 2 * deps.skewSeconds * 1000 };
}

function replay(
  reply: FastifyReply,
  status: number,
  headers: Record<string, string>,
  body: string,
) {
  for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
  return reply.code(status).send(body === '' ? undefined : body);
}

/**
 * The step of an authenticated write that claims it before it runs (after its credentials, before
 * its X-Device-Sig nonce is spent): a repeat gets the first answer, or 409 while the first still
 * runs. `signed`: the route's device signature step, whose X-Device-Sig is part of the write's
 * identity. A route whose answer carries a secret shown once lists no claim: a repeat runs again
 * rather than reading the secret back from the database.
 */
export function claimReplay(signed?: DeviceSignatureStep) {
  return stating(
    async function claimReplay(request: FastifyRequest, reply: FastifyReply) {
      const customerId = request.caller?.customerId;
      if (!customerId) return;
      const deps = httpCoreOf(request);
      const found = keyOf(request, deps, deviceSigOf(request, signed));
      if (!found) return;
      const now = deps.clock.now();
      const claim = deps.ids.uuid();
      const result = await claimKey(deps.db, {
        customerId,
        key: found.key,
        claim,
        fingerprint: fingerprintOf(request),
        expiresAt: new Date(now.getTime() + found.ttlMs),
        now,
        leaseMs,
      });
      if (result.kind === 'mismatch') throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (result.kind === 'in-progress') throw new AppError('REQUEST_IN_PROGRESS');
      if (result.kind === 'answered') {
        const { status, headers, body } = result.response;
        // A body kept before answers were sealed is JSON (or empty): never `v1.`.
        return replay(reply, status, headers, body.startsWith('v1.') ? deps.box.open(body) : body);
      }
      request.replayClaim = { customerId, key: found.key, claim };
    },
    { claimsReplay: true },
  );
}

/** Keeps the answer of the claiming request for its repeats, or lets the claim go. */
async function settle(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const owned = request.replayClaim;
  if (!owned) return;
  request.replayClaim = null;
  const { db, box } = httpCoreOf(request);
  const body =
    typeof payload === 'string'
      ? payload
      : Buffer.isBuffer(payload)
        ? payload.toString()
        : payload == null
          ? ''
          : null; // a stream is not kept
  // A refusal before the handler (input, X-Device-Sig), a 429 (retry later) or a 5xx leaves
  // nothing behind.
  const retryable = reply.statusCode >= 500 || reply.statusCode === 429;
  if (!request.handlerStarted || retryable || body === null) {
    await releaseKey(db, owned);
    return;
  }
  const headers: Record<string, string> = {};
  for (const name of replayedHeaders) {
    const value = reply.getHeader(name);
    if (value !== undefined && (name !== 'content-type' || body !== ''))
      headers[name] = String(value);
  }
  await storeResponse(db, owned, { status: reply.statusCode, headers, body: box.seal(body) });
}

async function markHandlerStart(request: FastifyRequest): Promise<void> {
  request.handlerStarted = true;
}

/**
 * Stores or releases each claim as its answer is sent, and marks when a handler is about to run:
 * only then is a 4xx answer worth replaying. The mark is each route's last preHandler, after its
 * own steps (a device signature made with the key the body names is checked there).
 */
export function registerReplayAnswers(app: FastifyInstance): void {
  app.decorateRequest('replayClaim', null);
  app.decorateRequest('handlerStarted', false);
  app.addHook('onRoute', (route: RouteOptions) => {
    route.preHandler = [route.preHandler ?? []].flat().concat(markHandlerStart);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    await settle(request, reply, payload);
    return payload;
  });
}
