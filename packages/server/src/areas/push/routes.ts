import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { customerOf, signerOf } from '../../core/http/caller.js';
import { allowAnyOrigin, preflights } from '../../core/http/cors.js';
import { deviceWrite } from '../../core/http/device-write.js';
import type { PushDeps } from './deps.js';
import { route } from './schemas.js';
import { removePushChannel, setPushChannel } from './set-channel.js';

/** Push (Area B): the channels that wake a device, and the key Web Push subscribes with. */
export function pushRoutes(app: FastifyInstance, deps: PushDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  preflights(app, ['/api/v2/push/web_push_key', '/api/v2/push/channel']);
  const anyOrigin = { onSend: [allowAnyOrigin] };
  r.get('/api/v2/push/web_push_key', { ...anyOrigin, schema: route.webPushKey }, async () => ({
    public_key: (await deps.vapid.get()).publicKey,
  }));
  r.put(
    '/api/v2/push/channel',
    { ...deviceWrite, schema: route.setChannel },
    async (request, reply) => {
      const device = signerOf(request);
      await setPushChannel(deps, customerOf(request), device.identifier, request.body);
      return reply.code(204).send();
    },
  );
  r.delete(
    '/api/v2/push/channel',
    { ...deviceWrite, schema: route.removeChannel },
    async (request, reply) => {
      await removePushChannel(deps, signerOf(request).identifier);
      return reply.code(204).send();
    },
  );
}
