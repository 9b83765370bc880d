import type { FastifySchemaCompiler } from 'fastify';

type Validator = ReturnType<FastifySchemaCompiler<unknown>>;

/** A validator of text parts (query, params, headers) that also refuses non-finite numbers. */
export function finiteNumbersOnly(validate: Validator): Validator {
  // Ajv coerces "1e400" or "Infinity" to Infinity, which passes `type: integer` once coerced; with
  // `strictNumbers` its range checks then skip the value (they count on the type check to have
  // refused non-finite numbers), so `maximum: 30` let `wait=1e400` through. One check after
  // coercion covers every numeric query and path parameter.
  const checked: Validator = (data) => {
    const valid = validate(data);
    checked.errors = validate.errors ?? null;
    if (valid !== true) return valid;
    const path = nonFinite(data, '');
    if (path === null) return true;
    checked.errors = [
      {
        keyword: 'type',
        instancePath: path,
        schemaPath: '#',
        params: {},
        message: 'must be a finite number',
      },
    ];
    return false;
  };
  return checked;
}

/** The JSON pointer of the first number in `value` that is not finite, or null. */
function nonFinite(value: unknown, path: string): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFinite(item, `${path}/${key}`);
    if (found !== null) return found;
  }
  return null;
}
