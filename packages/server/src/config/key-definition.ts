import type { TSchema } from '@sinclair/typebox';

/**
 * One setting: its environment variable, a line of doc and its schema (with the default). `check`
 * adds a rule the schema cannot state; it runs on values the schema accepted. A `secret` value is
 * never repeated in a message.
 */
export interface KeyDefinition {
  env: string;
  doc: string;
  schema: TSchema;
  check?: (value: never) => string | null;
  secret?: boolean;
}
