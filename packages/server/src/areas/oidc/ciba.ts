import { errors, type Configuration } from 'oidc-provider';
import { AppError } from '../../core/errors.js';
import { guardedPost } from '../../core/outbox/guarded-fetch.js';
import type { Deliver } from '../../core/outbox/worker.js';
import { clientSettings } from './client-settings.js';
import type { OidcDeps, OidcOrganization } from './deps.js';
import { requiredLevel } from './levels.js';

/** The grant type a CIBA client is given (OpenID CIBA Core 1.0). */
export const cibaGrant = 'urn:openid:params:grant-type:ciba';

/** Without `acr_values` the phone is asked for level 2, as in the phone sign-in. */
const defaultLevel = 2;
/** A binding message is shown on the phone as the request's action: one short line. */
const bindingMessage = /^[^\p{Cc}\p{Zl}\p{Zp}]{1,100}$/u;

/**
 * oidc-provider's CIBA feature for one organization. `login_hint` is a user identifier (or
 * `id_token_hint` an ID token of the user); the request becomes a svcfication to the user's
 * phones, `binding_message` its action, `acr_values` its level; `requested_expiry` (at most 10
 * minutes) is its expiry too. ciba-results.ts hands the answer back to the provider, and queues the
 * ping of a ping client.
 */
export function cibaFeature(
  deps: OidcDeps,
  org: OidcOrganization,
): NonNullable<Configuration['features']>['ciba'] {
  return {
    enabled: true,
    deliveryModes: ['poll', 'ping'],
    async processLoginHint(_ctx, loginHint) {
      const user = await deps.fido.user(org.customerId, { userIdentifier: loginHint ?? '' });
      // Empty: no such user (unknown_user_id).
      return user?.id ?? '';
    },
    async validateBindingMessage(_ctx, message) {
      if (message !== undefined && !bindingMessage.test(message))
        throw new errors.InvalidBindingMessage(
          'binding_message must be one line of 1 to 100 characters',
        );
    },
    // The hook at the backchannel request that can refuse it: a ping client must send the token
    // its pings carry (the provider knows every client as a poll client, see adapter.ts).
    async validateRequestContext(ctx) {
      const { cibaMode } = await clientSettings(deps, org.organizationId);
      if (cibaMode === 'ping' && !ctx.oidc.params?.client_notification_token)
        throw new errors.InvalidRequest('missing required parameter client_notification_token');
    },
    // No client sets backchannel_user_code_parameter: there is no user code to check.
    async verifyUserCode() {},
    async triggerAuthenticationDevice(_ctx, request, account) {
      const user = await deps.fido.user(org.customerId, { id: account.accountId });
      if (!user) throw new errors.UnknownUserId('could not identify end-user');
      const expiresAt = new Date(
        deps.clock.now().getTime() + request.expiration * 1000,
      ).toISOString();
      const params = request.params ?? {};
      const svcficationId = await deps.phone
        .ask(org.customerId, {
          to: { userIdentifier: user.userIdentifier },
          level: requiredLevel(params.acr_values) || defaultLevel,
          action: typeof params.binding_message === 'string' ? params.binding_message : 'Sign in',
          resource: org.name,
          expiresAt,
        })
        .catch((err: unknown) => {
          if (!(err instanceof AppError)) throw err;
          // No phone that can answer, no document for level 3, the fatigue limits.
          throw new errors.AccessDenied(err.description);
        });
      await deps.db
        .insertInto('oidc_ciba_requests')
        .values({
          id: request.jti,
          organization_id: org.organizationId,
          customer_id: org.customerId,
          svcfication_id: svcficationId,
          account_id: account.accountId,
          expires_at: expiresAt,
          created_at: deps.clock.now().toISOString(),
        })
        .execute();
    },
  };
}

/**
 * Delivers a queued ping: `{auth_req_id}` as JSON, Bearer the client's notification token (CIBA
 * Core 10.2). Anything but 200 or 204 is a failure the outbox worker retries.
 */
export function cibaPingDeliverer(options: { allowInsecure: boolean }): Deliver {
  const post = guardedPost(options);
  return async ({ target, payload }, signal) => {
    const { auth_req_id, token } = payload as { auth_req_id: string; token: string };
    const status = await post(target, {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ auth_req_id }),
      signal,
    });
    if (status !== 200 && status !== 204) throw new Error(`client answered ${status}`);
  };
}
