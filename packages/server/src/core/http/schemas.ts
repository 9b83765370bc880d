import { Type } from '@sinclair/typebox';
import { ErrorBody, ErrorWithFieldsBody, Identifier } from '@svc/wire';

export { ErrorBody, ErrorWithFieldsBody };

export const IdParams = Type.Object({ id: Identifier });
/** The error statuses Area B routes declare: Error, and ErrorWithFields where fields are named. */
export const errorResponses = {
  400: ErrorWithFieldsBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  424: ErrorBody,
  422: ErrorWithFieldsBody,
};

/** 429 RATE_LIMITED: an Error body and the seconds to wait in Retry-After. */
export const TooManyRequests = Type.Object(ErrorBody.properties, {
  description: 'Error',
  examples: [
    {
      error: 'RATE_LIMITED',
      message: 'Too many requests; retry after the Retry-After delay.',
      description: 'At most 5 may be open at once.',
    },
  ],
  headers: { 'Retry-After': Type.Integer({ minimum: 1, description: 'seconds to wait' }) },
});

/** How a route appears in its OpenAPI document: operation id, tag, summary (and description). */
export const op = (operationId: string, tag: string, summary: string, description?: string) => ({
  operationId,
  tags: [tag],
  summary,
  ...(description ? { description } : {}),
});
