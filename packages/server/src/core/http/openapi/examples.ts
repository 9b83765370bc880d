import { AppError, catalog, fieldError, type ErrorCode } from '../../errors.js';
import { errorShapeOf } from '../errors.js';
import type { Json } from './components.js';

/** The example of a schema: its own, or a one-item list of its items' example. */
export function exampleOf(schema: Json): unknown {
  const own = (schema.examples as unknown[] | undefined)?.[0];
  if (own !== undefined) return own;
  if (schema.type === 'array' && schema.items) {
    const item = exampleOf(schema.items as Json);
    return item === undefined ? undefined : [item];
  }
  return undefined;
}

/** The catalog code of `status` that names most words of the route's path (the first on a tie). */
function codeOf(status: number, url: string): ErrorCode | undefined {
  const words = url
    .toUpperCase()
    .split(/[^A-Z]+/)
    .map((word) => word.replace(/S$/, ''));
  let best: { code: ErrorCode; score: number } | undefined;
  for (const code of Object.keys(catalog) as ErrorCode[]) {
    if (catalog[code].status !== status) continue;
    const score = code.split('_').filter((part) => words.includes(part)).length;
    if (!best || score > best.score) best = { code, score };
  }
  return best?.code;
}

/**
 * An error body of `status` as the service sends it through `schema` (which drops the fields it
 * does not declare): the route's validation code when it has this status (naming `field`), else
 * a code of the status that fits the route.
 */
export function errorExample(
  status: number,
  schema: Json,
  route: { url: string; invalid: ErrorCode | undefined; field: string | undefined },
): unknown {
  const { invalid, url, field = 'id' } = route;
  const code = invalid && catalog[invalid].status === status ? invalid : codeOf(status, url);
  if (!code) return undefined;
  const body = (
    code === invalid ? fieldError(code, { [field]: ['is required'] }) : new AppError(code)
  ).body(errorShapeOf(schema));
  const declared = schema.properties as Json | undefined;
  return declared
    ? Object.fromEntries(Object.entries(body).filter(([key]) => key in declared))
    : body;
}
