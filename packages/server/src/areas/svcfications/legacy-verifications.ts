import { assertThat } from '../../core/errors.js';
import { createSvcfication } from './create-svcfication.js';
import type { SvcficationsDeps } from './deps.js';
import type { LegacyBody } from './schemas.js';
import { findSvcfication } from './svcfications-repo.js';
import { svcficationView } from './views.js';

const epoch = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

/**
 * POST /api/v1/verifications: a svcfication under its legacy name; answers its id. Never with
 * number matching: the v1 answer is empty and its Verification shape has no number to show.
 */
export async function createVerification(
  deps: SvcficationsDeps,
  customerId: string,
  body: LegacyBody,
): Promise<string> {
  const { agent_id = null, display_name = null, interval = null, ...svcfication } = body;
  return (
    await createSvcfication(
      deps,
      customerId,
      { ...svcfication, number_matching: false },
      {
        agent_id,
        display_name,
        interval,
        email: body.email ?? null,
      },
    )
  ).id;
}

/** GET /api/v1/verifications/{id}: the Verification shape (dates as epoch seconds). */
export async function getVerification(deps: SvcficationsDeps, customerId: string, id: string) {
  const row = await findSvcfication(deps.db, customerId, id);
  assertThat(row, 'SVCFICATION_NOT_FOUND');
  const view = svcficationView(row, deps.clock.now());
  const legacy = (row.legacy ? JSON.parse(row.legacy) : {}) as {
    agent_id?: string | null;
    display_name?: string | null;
    interval?: number | null;
    email?: string | null;
  };
  return {
    verification_id: view.id,
    svc_id: view.svc_id,
    email: legacy.email ?? null,
    action: view.action,
    resource: view.resource,
    agent_id: legacy.agent_id ?? null,
    callback_url: row.callback_url,
    display_name: legacy.display_name ?? null,
    status: view.status,
    relying_party_display_name: view.relying_party,
    result_id: view.result?.id ?? null,
    desired_level: view.desired_level,
    accepted_level: view.result?.accepted_level ?? null,
    interval: legacy.interval ?? null,
    created_date: epoch(view.created_at),
    updated_date: epoch(view.updated_at),
  };
}
