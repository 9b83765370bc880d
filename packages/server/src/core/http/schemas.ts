import { Type } from '@sinclair/typebox';
import { ErrorBody, ErrorWithFieldsBody, Identifier } from '@svc/wire';

export { ErrorBody, ErrorWithFieldsBody };

export const IdParams = Type.Object({ id: Identifier });
/** The error statuses Area B routes declare: Error, and ErrorWithFields for 422. */
export const errorResponses = {
  400: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  424: ErrorBody,
  422: ErrorWithFieldsBody,
};
