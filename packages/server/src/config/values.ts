import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** What is wrong with a value the schema refuses; a choice of literals lists them. */
export function schemaProblem(schema: TSchema, value: unknown): string {
  const choices = (schema.anyOf as TSchema[] | undefined)?.map((s) => s.const as unknown);
  if (choices?.every((c) => typeof c === 'string')) return `must be one of ${choices.join(', ')}`;
  return Value.Errors(schema, value).First()?.message ?? 'invalid';
}

/** Turns an environment string into the JSON value its schema expects. */
export function fromEnv(raw: string, schema: TSchema): unknown {
  if (schema.type === 'integer') return /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
  if (schema.type === 'boolean')
    return ['1', 'true', 'yes'].includes(raw.toLowerCase())
      ? true
      : ['0', 'false', 'no', ''].includes(raw.toLowerCase())
        ? false
        : raw;
  if (schema.type === 'object') {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }
  return raw;
}

/** The origins of a comma-separated list. */
export const originsOf = (list: string): string[] =>
  list
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);

/** What is wrong with an origin (`scheme://host[:port]`, http or https), if anything. */
export function originProblem(origin: string): string | null {
  const url = URL.canParse(origin) ? new URL(origin) : null;
  return url && /^https?:$/.test(url.protocol) && url.origin === origin
    ? null
    : `${origin} is not an http(s) origin (scheme://host[:port])`;
}
