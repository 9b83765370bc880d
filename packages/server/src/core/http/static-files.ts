import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../errors.js';

interface AppFile {
  body: Buffer;
  headers: Record<string, string>;
}

/** A built web app: its files by the name they are served under, with their media types. */
export interface WebApp {
  dist: string;
  types: Record<string, string>;
  /** The Content-Security-Policy of every file. */
  csp: string;
}

/**
 * Reads the built app's files once, on first request, and keeps them; a name that is not one of
 * them is undefined (404).
 */
function appFiles(app: WebApp): (name: string) => Promise<AppFile | undefined> {
  const loaded = new Map<string, Promise<AppFile>>();
  return async (name) => {
    const type = app.types[name];
    if (!type) return undefined;
    let file = loaded.get(name);
    if (!file) loaded.set(name, (file = load(join(app.dist, name), type, app.csp)));
    return file.catch((err: unknown) => {
      loaded.delete(name);
      throw err;
    });
  };
}

async function load(path: string, type: string, csp: string): Promise<AppFile> {
  const body = await readFile(path);
  return {
    body,
    headers: {
      'content-type': type,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      'cache-control': 'no-cache',
      'content-security-policy': csp,
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    },
  };
}

/**
 * Serves a built web app under `prefix`: `prefix/` is its index.html, `prefix/{file}` its other
 * files (with an ETag; If-None-Match answers 304), anything else 404. Pages are not in OpenAPI.
 */
export function webAppRoutes(app: FastifyInstance, prefix: string, webApp: WebApp): void {
  const file = appFiles(webApp);
  const send = async (name: string, reply: FastifyReply, etag?: string) => {
    const found = await file(name);
    if (!found) throw new AppError('ROUTE_NOT_FOUND');
    if (etag === found.headers.etag) return reply.code(304).headers(found.headers).send();
    return reply.headers(found.headers).send(found.body);
  };
  const hidden = { schema: { hide: true } };
  app.get(prefix, hidden, async (_request, reply) => reply.redirect(`${prefix}/`, 301));
  app.get(`${prefix}/`, hidden, async (request, reply) =>
    send('index.html', reply, request.headers['if-none-match']),
  );
  app.get<{ Params: { file: string } }>(`${prefix}/:file`, hidden, async (request, reply) =>
    send(request.params.file, reply, request.headers['if-none-match']),
  );
}
