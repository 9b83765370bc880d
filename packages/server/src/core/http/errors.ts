import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ListError } from '@svc/wire';
import { AppError, fieldError, type ErrorCode } from '../errors.js';
import { answerRouterFailure } from './cors.js';
import { jsonAnswerHeaders } from './security-headers.js';
import { toFieldErrors } from './validation.js';

const byFastifyStatus: Partial<Record<number, ErrorCode>> = {
  404: 'ROUTE_NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** Any thrown value as an AppError; unknown failures become a generic 500 with nothing internal. */
function toAppError(err: FastifyError | AppError): AppError {
  if (err instanceof AppError) return err;
  // A route without its own formatter (validation.ts, `invalidAs`).
  if (err.validation)
    return fieldError(
      'VALIDATION_FAILED',
      toFieldErrors(err.validation, err.validationContext ?? 'body'),
    );
  const status = err.statusCode ?? 500;
  const code = byFastifyStatus[status];
  if (code) return new AppError(code);
  if (status >= 400 && status < 500) return new AppError('BAD_REQUEST', err.message);
  return new AppError('INTERNAL');
}

/** The body shape a declared response schema asks for: svcfication creation's list, or Error. */
export const errorShapeOf = (schema: unknown) => (schema === ListError ? 'list' : 'error');

/** The error in the shape the route declares for its status (so the serializer keeps every field). */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.code === 'UNAUTHORIZED') void reply.header('www-authenticate', 'Bearer');
  if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter));
  const declared = (reply.request.routeOptions.schema?.response as Record<number, unknown>)?.[
    error.status
  ];
  const body = error.body(errorShapeOf(declared));
  return reply.code(error.status).type('application/json; charset=utf-8').send(body);
}

/**
 * Router failures before any route runs (bad percent-encoding, overlong parameters). No hook sees
 * them, so the headers the hooks give every answer are set here.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (answerRouterFailure(request, reply)) return;
  void sendError(
    reply.headers(jsonAnswerHeaders),
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('URI_TOO_LONG')
      : new AppError('BAD_REQUEST', 'The request URL is malformed.'),
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    const error = toAppError(err);
    if (error.status >= 500) request.log.error({ err }, 'request failed');
    return sendError(reply, error);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      new AppError(
        'ROUTE_NOT_FOUND',
        `No route for ${request.method} ${request.url.split('?')[0] ?? ''}.`,
      ),
    ),
  );
}
