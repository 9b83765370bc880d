import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JWK } from 'jose';
import { assertThat } from '../../core/errors.js';
import { deviceSignature, type AuthDeps } from '../../core/http/index.js';
import type { MainDeps } from './deps.js';
import { findDeviceAnywhere } from './svccodes-repo.js';

/**
 * CORS for the routes marked `config.cors` (the svccode endpoints browser widgets call from the
 * RP's own pages). They carry no credentials, so any origin may call them; every other route
 * stays same-origin. Runs on onRequest, so errors (404, 400) are readable cross-origin too, and
 * answers preflights (OPTIONS routes marked the same way) before any other step.
 */
export function allowBrowserCalls(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.config.cors !== true) return;
    void reply.header('access-control-allow-origin', '*');
    if (request.method !== 'OPTIONS') return;
    void reply
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '600');
    return reply.code(204).send();
  });
}

/** Handler of the OPTIONS routes; never reached, the hook above has answered. */
export const preflight = async (_request: FastifyRequest, reply: FastifyReply) =>
  reply.code(204).send();

/**
 * `POST /paired_svccodes` has no Authorization (spec): the device named by `identifier` must sign
 * the request with X-Device-Sig instead, so nobody can pair on another device's behalf. Unknown
 * device → 424; a missing, foreign or replayed signature → 403.
 */
export function pairingDeviceSig(deps: MainDeps, auth: AuthDeps) {
  return async (request: FastifyRequest) => {
    const { identifier } = request.body as { identifier: string };
    const device = await findDeviceAnywhere(deps.db, identifier);
    assertThat(device, 'DEVICE_UNKNOWN');
    const key = { identifier: device.identifier, jwk: JSON.parse(device.device_public_key) as JWK };
    request.deviceId = (
      await deviceSignature(auth, request, async (thumbprint) =>
        thumbprint === device.thumbprint ? key : null,
      )
    ).identifier;
  };
}
