import type { FastifyRequest } from 'fastify';
import type { AuditActorKind } from '@svc/wire';

/** Who acts, for the events a change records. */
export interface Actor {
  kind: AuditActorKind;
  credential: string | null;
  device: string | null;
  user: string | null;
}

/** From where: the request's address (after SVC_TRUST_PROXY), user agent and id. */
export interface Source {
  address: string | null;
  user_agent: string | null;
  request_id: string | null;
}

export interface Scope {
  actor: Actor;
  source: Source;
}

const nobody = { credential: null, device: null, user: null };
const nowhere = { address: null, user_agent: null, request_id: null };

/** A background loop's (a sweep, the first start). */
export const systemScope: Scope = { actor: { kind: 'system', ...nobody }, source: nowhere };

/** A CLI command's: the operating-system user that ran it. */
export const operatorScope = (name: string): Scope => ({
  actor: { kind: 'operator', ...nobody, user: name },
  source: nowhere,
});

/**
 * A request's, once its steps ran: its console account, or its caller and signing device, or
 * nobody.
 */
export function requestScope(request: FastifyRequest): Scope {
  const { caller, signingDevice, consoleUser, headers } = request;
  const agent = headers['user-agent'];
  return {
    actor: consoleUser
      ? {
          kind: 'console',
          credential: consoleUser.session,
          device: null,
          user: consoleUser.account,
        }
      : caller
        ? {
            kind: caller.kind,
            credential: caller.credential,
            device: signingDevice?.identifier ?? caller.deviceIdentifier,
            user: null,
          }
        : { kind: 'anonymous', ...nobody },
    source: {
      address: request.ip,
      user_agent: typeof agent === 'string' ? agent.slice(0, 256) : null,
      request_id: request.id,
    },
  };
}
