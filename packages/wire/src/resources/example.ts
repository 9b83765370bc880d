import type { Static, TSchema } from '@sinclair/typebox';

/**
 * The schema with an example of its values: the OpenAPI documents show it. An annotation only:
 * validation is unchanged. TypeScript checks its shape; the server's tests check it against the
 * schema (formats, lengths, patterns).
 */
export function withExample<T extends TSchema>(schema: T, example: Static<T>): T {
  return { ...schema, examples: [example] };
}
