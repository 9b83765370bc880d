import { Type, type Static } from '@sinclair/typebox';

/** The spec's Error body. */
export const ErrorBody = Type.Object(
  { error: Type.String(), message: Type.String(), description: Type.String() },
  { description: 'Error' },
);
export type ErrorBody = Static<typeof ErrorBody>;

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
export type ErrorWithFieldsBody = Static<typeof ErrorWithFieldsBody>;
