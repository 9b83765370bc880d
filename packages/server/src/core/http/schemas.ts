import { Type } from '@sinclair/typebox';

/** The spec's Error body. */
export const ErrorBody = Type.Object(
  { error: Type.String(), message: Type.String(), description: Type.String() },
  { description: 'Error' },
);

/** The spec's ErrorWithFields body (422s that concern no single field omit `field_errors`). */
export const ErrorWithFieldsBody = Type.Object(
  {
    error: Type.String(),
    message: Type.String(),
    description: Type.String(),
    field_errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  },
  { description: 'ErrorWithFields' },
);

/** A path or body identifier: non-empty and bounded (longer path parameters are refused as 414). */
export const Identifier = Type.String({ minLength: 1, maxLength: 256 });
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
