import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditActorKind } from '@svc/wire';

/**
 * Who acts and from where, for the events a change records: the request being served (its
 * caller, signing device, address, user agent and id), or the operator running a CLI command.
 * Held in an AsyncLocalStorage, so use cases record events without passing a request around;
 * outside both (a worker's sweep) the actor is `system`.
 */
type Scope = { request: FastifyRequest } | { operator: string };

const scopes = new AsyncLocalStorage<Scope>();

export interface Actor {
  kind: AuditActorKind;
  credential: string | null;
  device: string | null;
  user: string | null;
}

export interface Source {
  address: string | null;
  user_agent: string | null;
  request_id: string | null;
}

/** Every request runs in its own scope (registered first, so every later hook is inside it). */
export function registerAuditScope(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    scopes.run({ request }, done);
  });
}

/** Runs `work` as the operator (a CLI command): its events' actor. */
export const asOperator = <T>(operator: string, work: () => Promise<T>): Promise<T> =>
  scopes.run({ operator }, work);

const bounded = (text: string | string[] | undefined, max: number) =>
  typeof text === 'string' ? text.slice(0, max) : null;

/** The current actor and source. */
export function currentScope(): { actor: Actor; source: Source } {
  const scope = scopes.getStore();
  const none = { credential: null, device: null, user: null };
  const nowhere = { address: null, user_agent: null, request_id: null };
  if (!scope) return { actor: { kind: 'system', ...none }, source: nowhere };
  if ('operator' in scope)
    return { actor: { kind: 'operator', ...none, user: scope.operator }, source: nowhere };
  const { caller, signingDevice, ip, headers, id } = scope.request;
  const actor: Actor = caller
    ? {
        kind: caller.kind,
        credential: caller.credential,
        device: signingDevice?.identifier ?? caller.deviceIdentifier,
        user: null,
      }
    : { kind: 'anonymous', ...none };
  return {
    actor,
    source: { address: ip, user_agent: bounded(headers['user-agent'], 256), request_id: id },
  };
}
