import { assertThat } from '../../core/errors.js';
import type { SvcficationsTable } from '../../core/store/schema.js';
import { jsonBoundsProblem } from '../../core/json-bounds.js';
import { callbackUrlProblem } from '../../core/outbox/callback-url.js';
import type { SvcficationsDeps } from './deps.js';
import { checkFatigue, subjectOf } from './fatigue.js';
import { lockSubject } from './fatigue-repo.js';
import { matchChallenge, usesNumberMatching } from './number-matching.js';
import { invalid, resolveTarget } from './resolve-target.js';
import type { Svcfication, SvcficationBody } from './schemas.js';
import { signals } from './signals.js';
import { insertSvcfication, relyingParty } from './svcfications-repo.js';
import { svcficationView } from './views.js';

/**
 * Creates an authentication request for a user's device(s), within the fatigue limits, with a
 * number to match when it uses number matching; devices waiting on /next wake up, and those with
 * a push channel are sent a wake-up.
 */
export async function createSvcfication(
  deps: SvcficationsDeps,
  customerId: string,
  body: SvcficationBody,
  legacy: Record<string, unknown> | null = null,
): Promise<Svcfication> {
  const { clock, config } = deps;
  const problem = body.callback_url
    ? callbackUrlProblem(body.callback_url, config.allowInsecureCallbacks)
    : null;
  if (problem) throw invalid('callback_url', problem);
  const tooLarge = body.custom_fields ? jsonBoundsProblem(body.custom_fields) : null;
  if (tooLarge) throw invalid('custom_fields', tooLarge);
  const { users, ...target } = await resolveTarget(deps, customerId, body);
  const subject = subjectOf(target);
  if (body.desired_level === 3)
    assertThat(
      (await deps.identity.documentHashes(customerId, users)).length > 0,
      'NO_DOCUMENTS',
      'Level 3 needs an identity document registered for the user.',
    );
  const customer = await relyingParty(deps.db, customerId);
  const matching = usesNumberMatching(body, customer.numberMatching)
    ? matchChallenge(deps.ids)
    : null;
  const now = clock.now();
  const row = {
    id: deps.ids.uuid(),
    customer_id: customerId,
    status: 'IN_PROGRESS',
    action: body.action,
    resource: body.resource,
    desired_level: body.desired_level,
    ...target,
    callback_url: body.callback_url ?? null,
    custom_fields: body.custom_fields ? JSON.stringify(body.custom_fields) : null,
    prompt: body.prompt === false ? 0 : 1,
    user_presence: body.user_presence === false ? 0 : 1,
    show_identity_document: body.show_identity_document ? 1 : 0,
    result: null,
    legacy: legacy ? JSON.stringify(legacy) : null,
    match_number: matching?.number ?? null,
    match_candidates: matching ? JSON.stringify(matching.candidates) : null,
    subject,
    reject_reason: null,
    expires_at: body.expires_at
      ? new Date(body.expires_at).toISOString()
      : new Date(now.getTime() + config.svcficationTtlSeconds * 1000).toISOString(),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  } satisfies SvcficationsTable;
  // The limits' count and the insert are one transaction, one at a time per subject: concurrent
  // creations for one user cannot all pass the same count. The push wake-ups are queued in it.
  const woken = await deps.db.transaction().execute(async (tx) => {
    await lockSubject(tx, customerId, subject);
    await checkFatigue({ ...deps, db: tx }, customerId, subject);
    await insertSvcfication(tx, row);
    await deps.audit.record(tx, {
      action: 'svcfication.created',
      customerId,
      targets: {
        svcfication: row.id,
        user: row.user_identifier,
        device: row.target_device,
        svc_user: row.target_user_id,
      },
      details: { desired_level: row.desired_level, number_matching: row.match_number !== null },
    });
    return deps.wakeDevices(tx, customerId, { ...row, relying_party: customer.name });
  });
  for (const user of users) deps.waiters.notify(signals.created(customerId, user));
  if (woken > 0) deps.outbox.notify();
  return svcficationView({ ...row, relying_party: customer.name }, now);
}
