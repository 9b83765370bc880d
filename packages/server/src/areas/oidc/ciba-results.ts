import { errors } from 'oidc-provider';
import type { Sweep } from '../../core/sweeper.js';
import type { OidcCibaRequestsTable } from '../../core/store/schema-fido.js';
import { clientSettings } from './client-settings.js';
import { recordSignIn } from './sign-in-event.js';
import type { OidcDeps, PhoneAnswer } from './deps.js';
import { acrOfLevel, amrOf, requiredLevel } from './levels.js';
import type { Providers } from './providers.js';

type CibaRow = OidcCibaRequestsTable;

/**
 * The worker's CIBA loop: each waiting backchannel request whose svcfication the phone answered
 * (or that expired) is handed to its provider, which answers the client's next token poll (and,
 * in ping mode, queues the ping). Row by row: one that fails is retried alone.
 */
export function cibaResults(deps: OidcDeps, providers: Providers): Sweep<CibaRow> {
  return {
    name: 'ciba-results',
    due: (limit, after) =>
      deps.db
        .selectFrom('oidc_ciba_requests')
        .selectAll()
        .where((eb) =>
          eb(eb.refTuple('expires_at', 'id'), '>', eb.tuple(after.expires_at, after.id)),
        )
        .orderBy('expires_at')
        .orderBy('id')
        .limit(limit)
        .execute(),
    run: (row) => handOver(deps, providers, row),
  };
}

async function handOver(deps: OidcDeps, providers: Providers, row: CibaRow): Promise<void> {
  const answer = await deps.phone.answer(row.customer_id, row.svcfication_id);
  const expired = row.expires_at <= deps.clock.now().toISOString();
  if (answer.status === 'IN_PROGRESS' && !expired) return;
  // Taken by one worker only (several instances sweep the same rows).
  const taken = await deps.db
    .deleteFrom('oidc_ciba_requests')
    .where('id', '=', row.id)
    .executeTakeFirst();
  if (Number(taken.numDeletedRows) !== 1) return;
  // An unanswered request past its expiry: the provider answers expired_token itself.
  if (answer.status === 'IN_PROGRESS') return;
  try {
    const provider = (await providers.of(row.organization_id))?.provider;
    const request = await provider?.BackchannelAuthenticationRequest.find(row.id, {
      ignoreExpiration: true,
    });
    if (!provider || !request) return;
    const outcome = await outcomeOf(deps, row, answer, request.params?.acr_values);
    if ('error' in outcome) {
      await provider.backchannelResult(request, outcome.error);
      await recordSignIn(deps, row.organization_id, 'ciba', { error: outcome.error.error });
    } else {
      const grant = new provider.Grant({ clientId: request.clientId, accountId: row.account_id });
      grant.addOIDCScope(request.scope ?? 'openid');
      await grant.save();
      await provider.backchannelResult(request, grant, {
        acr: acrOfLevel(outcome.level),
        amr: amrOf.phone(outcome.level),
        authTime: Math.floor(deps.clock.now().getTime() / 1000),
      });
      const login = { accountId: row.account_id, acr: acrOfLevel(outcome.level) };
      await recordSignIn(deps, row.organization_id, 'ciba', { login });
    }
    await ping(deps, row, request.params?.client_notification_token);
  } catch (err) {
    // Not handed over: the row comes back, for the sweeper's retry.
    await deps.db.insertInto('oidc_ciba_requests').values(row).execute();
    throw err;
  }
}

/** The level the phone proved for the request's user, or the error the client gets. */
async function outcomeOf(
  deps: OidcDeps,
  row: CibaRow,
  answer: PhoneAnswer,
  acrValues: unknown,
): Promise<{ level: number } | { error: errors.OIDCProviderError }> {
  if (answer.status === 'EXPIRED')
    return { error: new errors.ExpiredToken('The phone did not answer in time.') };
  const user =
    answer.level !== null && answer.userIdentifier
      ? await deps.fido.user(row.customer_id, { userIdentifier: answer.userIdentifier })
      : undefined;
  if (answer.level === null || user?.id !== row.account_id)
    return { error: new errors.AccessDenied('The sign-in was not accepted on the phone.') };
  // Never a lower acr than acr_values asked for (the phone may accept at a lower level).
  const required = requiredLevel(acrValues);
  if (answer.level < required)
    return {
      error: new errors.UnmetAuthenticationRequirements(
        `The phone proved ${acrOfLevel(answer.level)}; ${acrOfLevel(required)} was requested.`,
      ),
    };
  return { level: answer.level };
}

/** A ping client is told its result is ready, through the outbox (retried until it answers). */
async function ping(deps: OidcDeps, row: CibaRow, token: unknown): Promise<void> {
  const { cibaMode, cibaEndpoint } = await clientSettings(deps, row.organization_id);
  if (cibaMode !== 'ping' || !cibaEndpoint || typeof token !== 'string') return;
  await deps.outbox.enqueue(deps.db, {
    kind: 'ciba_ping',
    target: cibaEndpoint,
    payload: { auth_req_id: row.id, token },
    customerId: row.customer_id,
  });
  deps.outbox.notify();
}
