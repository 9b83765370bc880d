import type { ConsoleRole } from '@svc/wire';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.js';
import type { Step } from '../../core/http/auth.js';
import type { ConsoleUser } from '../../core/http/types.js';
import { stating } from '../../core/http/steps.js';
import { httpCoreOf } from '../../core/http/types.js';
import { csrfMatches, openSession, sessionCookie } from './sessions.js';

/** The session token of the request's cookie, if it carries one. */
export function sessionToken(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === sessionCookie && value) return value;
  }
  return undefined;
}

const reads = new Set(['GET', 'HEAD']);

/**
 * The console's credential step: a session cookie of an account whose role is one of `roles`.
 * A write also carries the session's `X-CSRF-Token` (the cookie is SameSite=Strict as well).
 */
export function consoleSession(...roles: ConsoleRole[]): Step {
  return stating(
    async function consoleSession(request: FastifyRequest) {
      const token = sessionToken(request);
      const { db, clock } = httpCoreOf(request);
      const opened = token ? await openSession(db, token, clock.now()) : undefined;
      if (!opened) throw new AppError('CONSOLE_SIGNED_OUT');
      if (!reads.has(request.method)) {
        const presented = request.headers['x-csrf-token'];
        if (
          !csrfMatches(
            opened.session.csrf_token,
            typeof presented === 'string' ? presented : undefined,
          )
        )
          throw new AppError('CONSOLE_CSRF');
      }
      request.consoleUser = opened.user;
      if (!roles.includes(opened.user.role)) throw new AppError('CONSOLE_ROLE');
    },
    { auth: ['console'] },
  );
}

/** The signed-in account of a route behind `consoleSession`. */
export function consoleUserOf(request: FastifyRequest): ConsoleUser {
  if (!request.consoleUser) throw new AppError('CONSOLE_SIGNED_OUT');
  return request.consoleUser;
}

/** The customer a customer role's route reads and changes: the account's own, never another. */
export function customerOfConsole(request: FastifyRequest): string {
  const { customerId } = consoleUserOf(request);
  if (!customerId) throw new AppError('CONSOLE_ROLE');
  return customerId;
}

/** Sets the session cookie (Secure when the console is served over https). */
export function setSessionCookie(
  reply: FastifyReply,
  publicUrl: string,
  token: string,
  maxAgeSeconds: number,
): void {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  void reply.header(
    'set-cookie',
    `${sessionCookie}=${token}; Path=/api/admin; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`,
  );
}
