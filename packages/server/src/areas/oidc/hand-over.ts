import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { asIssuerRequest } from './provider.js';

/**
 * Hands a raw request to the organization's provider as a request for `path` below its issuer
 * (the provider answers on the raw response itself).
 */
export async function handOver(
  entry: { provider: Provider; handle: ReturnType<Provider['callback']> },
  req: IncomingMessage & { originalUrl?: string },
  res: ServerResponse,
  path: string,
): Promise<void> {
  req.url = path || '/';
  asIssuerRequest(entry.provider, req);
  await entry.handle(req, res);
}
