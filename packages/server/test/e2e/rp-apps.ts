import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Auth } from '@auth/core';
import { build } from 'esbuild';
import express from 'express';
import session from 'express-session';
import * as client from 'openid-client';
import { Strategy } from 'openid-client/passport';
import passport from 'passport';

/**
 * Relying parties as their developers would write them, each on its library's defaults (only
 * what a local `http:` issuer needs is added): Auth.js, passport with openid-client's strategy,
 * and a browser SPA on oidc-client-ts.
 */
export interface RpApp {
  url: string;
  server: Server;
}

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Auth.js (`@auth/core`) with its generic OIDC provider: `/auth/*`. */
export async function authJsApp(options: {
  issuer: string;
  clientId: string;
  clientSecret: string;
}): Promise<RpApp> {
  const config = {
    providers: [{ id: 'svc', name: 'svc', type: 'oidc' as const, ...options }],
    secret: 'an Auth.js secret of the test relying party',
    trustHost: true,
    basePath: '/auth',
  };
  let base = '';
  const app = await serve((req, res) => {
    void (async () => {
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await bodyOf(req);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string') headers.set(k, v);
      const request = new Request(new URL(req.url ?? '/', base), {
        method: req.method ?? 'GET',
        headers,
        ...(body ? { body: new Uint8Array(body) } : {}),
      });
      if (!req.url?.startsWith('/auth/')) {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>rp</title>');
        return;
      }
      const answer = await Auth(request, config);
      const out: Record<string, string | string[]> = {};
      answer.headers.forEach((value, key) => {
        if (key !== 'set-cookie') out[key] = value;
      });
      out['set-cookie'] = answer.headers.getSetCookie();
      res.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
    })();
  });
  base = app.url;
  return app;
}

/** Express with passport and openid-client's strategy: `/login`, `/callback` answers the user. */
export async function passportApp(options: {
  issuer: string;
  clientId: string;
  clientSecret: string;
}): Promise<RpApp> {
  const app = express();
  const rp = await serve(app);
  const config = await client.discovery(
    new URL(options.issuer),
    options.clientId,
    options.clientSecret,
    undefined,
    { execute: [client.allowInsecureRequests] },
  );
  passport.use(
    'svc',
    new Strategy(
      { config, scope: 'openid profile', callbackURL: `${rp.url}/callback` },
      (tokens, verified) => {
        verified(null, tokens.claims());
      },
    ),
  );
  // @types/passport types the middleware as `any`.
  const authenticate = passport.authenticate('svc', { session: false }) as express.RequestHandler;
  app.use(session({ secret: 'a session secret', resave: false, saveUninitialized: true }));
  app.get('/login', authenticate);
  app.get('/callback', authenticate, (req, res) => {
    res.json(req.user);
  });
  return rp;
}

/**
 * A single-page app on oidc-client-ts (spa/app.ts), a public client: `/` starts the sign-in,
 * `/callback` finishes it (the token and userinfo calls are the browser's, under CORS) and shows
 * the user.
 */
export async function spaApp(options: { issuer: string; clientId: string }): Promise<RpApp> {
  const bundled = await build({
    entryPoints: [new URL('spa/app.ts', import.meta.url).pathname],
    define: {
      SVC_ISSUER: JSON.stringify(options.issuer),
      SVC_CLIENT_ID: JSON.stringify(options.clientId),
    },
    bundle: true,
    format: 'esm',
    write: false,
  });
  const script = bundled.outputFiles[0]?.text ?? '';
  return serve((req, res) => {
    if (req.url === '/app.js')
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<!doctype html><title>spa</title><pre id="out"></pre><script type="module" src="/app.js"></script>',
        );
  });
}
