import { createHash } from 'node:crypto';
import { parseDeviceSig } from '@svc/wire';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { claimKey, releaseKey, storeResponse } from '../idempotency.js';
import type { DeviceSignatureStep } from './auth.js';
import { stating } from './steps.js';
import { httpCoreOf } from './types.js';

interface Claim {
  customerId: string;
  key: string;
  claim: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency claim this request holds, stored or released in onSend. */
    replayClaim: Claim | null;
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

/**
 * The key of this write: its maker's Idempotency-Key, or none. Without one, two requests are two
 * writes, however alike: a byte-identical signed request is a new one (docs/decisions/http.md).
 */
function keyOf(request: FastifyRequest, deviceSig: string | undefined): string | null {
  const keyed = idempotencyKey(request);
  if (keyed === undefined) return null;
  return `idem:${makerOf(request, request.caller?.kind ?? '', deviceSig)}:${keyed}`;
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
 * The step of an authenticated write that claims its Idempotency-Key before it runs (after its
 * credentials, before its X-Device-Sig nonce is spent): a repeat with the same body gets the first
 * success, or 409 while the first still runs; another body under the key is 422. `signed`: the
 * route's device signature step, whose key is part of the maker. A route whose answer carries a
 * secret shown once lists no claim: a repeat runs again rather than reading the secret back.
 */
export function claimReplay(signed?: DeviceSignatureStep) {
  return stating(
    async function claimReplay(request: FastifyRequest, reply: FastifyReply) {
      const customerId = request.caller?.customerId;
      if (!customerId) return;
      const deps = httpCoreOf(request);
      const key = keyOf(request, deviceSigOf(request, signed));
      if (!key) return;
      const now = deps.clock.now();
      const claim = deps.ids.uuid();
      const result = await claimKey(deps.db, {
        customerId,
        key,
        claim,
        fingerprint: fingerprintOf(request),
        expiresAt: new Date(now.getTime() + keyedHours * 3_600_000),
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
      request.replayClaim = { customerId, key, claim };
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
  // Only a success is kept: after a refusal or a failure the key is free, and a retry runs anew
  // once its cause is fixed (Stripe keeps 4xx; a key that can never succeed helps no one).
  const succeeded = reply.statusCode >= 200 && reply.statusCode < 300;
  if (!succeeded || body === null) {
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

/** Stores or releases each claim as its answer is sent. */
export function registerReplayAnswers(app: FastifyInstance): void {
  app.decorateRequest('replayClaim', null);
  app.addHook('onSend', async (request, reply, payload) => {
    await settle(request, reply, payload);
    return payload;
  });
}
