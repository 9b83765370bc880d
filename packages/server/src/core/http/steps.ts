import type { RouteOptions } from 'fastify';
import type { ErrorCode } from '../errors.js';
import type { AuthKind } from './types.js';

/**
 * What a route's steps tell its callers, read back from its route options for its OpenAPI
 * operation (openapi/index.ts): the steps are the one statement of who may call and how.
 */
export interface StepFacts {
  /** Credential kinds an authentication step accepts. */
  auth?: readonly AuthKind[];
  /** Whose X-Device-Sig a device signature step checks. */
  deviceSig?: 'device' | 'sdk' | 'named';
  /** The step keeps a write's answer for its retries (replay.ts). */
  claimsReplay?: boolean;
  /** No body validates as `{}`. */
  optionalBody?: boolean;
  /** The catalog code a schema validation failure answers (validation.ts). */
  invalid?: ErrorCode;
}

const factsOf = new WeakMap<object, StepFacts>();

/** Records what `step` states about its route, and returns it. */
export function stating<T extends object>(step: T, facts: StepFacts): T {
  factsOf.set(step, facts);
  return step;
}

const phases = ['onRequest', 'preValidation', 'preHandler', 'onSend', 'onResponse'] as const;

/** Everything the steps of a route (and its schema error formatter) state, merged. */
export function routeFacts(
  route: Pick<RouteOptions, (typeof phases)[number] | 'schemaErrorFormatter'>,
): StepFacts {
  const facts: StepFacts = {};
  const steps: unknown[] = [route.schemaErrorFormatter];
  for (const phase of phases) steps.push(...[route[phase] ?? []].flat());
  for (const step of steps)
    if (typeof step === 'function') Object.assign(facts, factsOf.get(step as object));
  return facts;
}
