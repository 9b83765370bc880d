import type { AuditOutcome } from '@svc/wire';
import type { Clock } from '../clock.js';
import type { Ids } from '../ids.js';
import type { Db } from '../store/index.js';
import { insertEvent } from './audit-repo.js';
import type { FastifyRequest } from 'fastify';
import { operatorScope, requestScope, systemScope, type Actor, type Scope } from './scope.js';

/** The log of events that belong to no customer (credentials nobody holds). */
export const serviceLog = 'svc';

/** What happened, as a use case states it; who and from where come from the scope. */
export interface Happened {
  /** `noun.verb`, e.g. `device.deactivated` (docs/audit.md lists them). */
  action: string;
  customerId: string | null;
  outcome?: AuditOutcome;
  /** Ids of what the action was on, by kind; absent ones are left out. */
  targets?: Record<string, string | null | undefined>;
  /** Further facts: a level, a status, a reason. Never a secret, a license field or a phone. */
  details?: Record<string, string | number | boolean | null>;
  /** What the use case knows better than the request (the user of a passkey ceremony). */
  actor?: Partial<Actor>;
}

/**
 * Records events in the caller's transaction, so an event exists exactly when what it records was
 * committed; the integrator (integrate.ts) appends it to its log's tree later. The process's trail
 * records as `system`; `of(request)` and `asOperator` give the trail of one request or command,
 * which route handlers hand their use case with `audited(deps, request)`.
 */
export class AuditTrail {
  constructor(
    private readonly clock: Clock,
    private readonly ids: Ids,
    private readonly scope: Scope = systemScope,
    /** Shared by every trail of the process: its events' ids sort in recording order. */
    private readonly sequence = { next: 0 },
  ) {}

  /** The trail of a request whose steps ran (its caller, signing device, address, id). */
  of(request: FastifyRequest): AuditTrail {
    return new AuditTrail(this.clock, this.ids, requestScope(request), this.sequence);
  }

  /** The trail of a CLI command run by `name`. */
  asOperator(name: string): AuditTrail {
    return new AuditTrail(this.clock, this.ids, operatorScope(name), this.sequence);
  }

  /**
   * Ids sort in the order a process records its events (the integrator appends in id order):
   * the millisecond, then a counter, then randomness that keeps instances apart.
   */
  private nextId(): string {
    const ms = this.clock.now().getTime().toString(36).padStart(9, '0');
    const n = (this.sequence.next++ % 36 ** 4).toString(36).padStart(4, '0');
    return `evt_${ms}${n}${this.ids.random(6)}`;
  }

  async record(tx: Db, happened: Happened): Promise<void> {
    const { actor, source } = this.scope;
    const who = { ...actor, ...happened.actor };
    const targets = Object.fromEntries(
      Object.entries(happened.targets ?? {}).filter(([, id]) => typeof id === 'string'),
    );
    await insertEvent(tx, {
      id: this.nextId(),
      log_id: happened.customerId ?? serviceLog,
      customer_id: happened.customerId,
      occurred_at: this.clock.now().toISOString(),
      action: happened.action,
      outcome: happened.outcome ?? 'success',
      actor_kind: who.kind,
      actor_credential: who.credential,
      actor_device: who.device,
      actor_user: who.user,
      source_address: source.address,
      user_agent: source.user_agent,
      request_id: source.request_id,
      targets: JSON.stringify(targets),
      details: JSON.stringify(happened.details ?? {}),
      leaf_index: null,
    });
  }
}

/** The use case's deps with the request's trail: its events name the request's caller. */
export const audited = <D extends { audit: AuditTrail }>(deps: D, request: FastifyRequest): D => ({
  ...deps,
  audit: deps.audit.of(request),
});
