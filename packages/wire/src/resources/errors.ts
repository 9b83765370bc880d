import { Type, type Static } from '@sinclair/typebox';
import { withExample } from './example.js';

/** The spec's Error body. */
export const ErrorBody = withExample(
  Type.Object(
    { error: Type.String(), message: Type.String(), description: Type.String() },
    { description: 'Error' },
  ),
  { error: 'DEVICE_NOT_FOUND', message: 'Device not found.', description: 'Device not found.' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** The spec's ErrorWithFields body (422s that concern no single field omit `field_errors`). */
export const ErrorWithFieldsBody = withExample(
  Type.Object(
    {
      error: Type.String(),
      message: Type.String(),
      description: Type.String(),
      field_errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
    },
    { description: 'ErrorWithFields' },
  ),
  {
    error: 'MISSING_FIELDS',
    message: 'Required fields are missing or invalid.',
    description: 'Invalid fields: name.',
    field_errors: { name: ['is required'] },
  },
);
export type ErrorWithFieldsBody = Static<typeof ErrorWithFieldsBody>;
