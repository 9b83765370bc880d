import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema, FastifySchemaValidationError } from 'fastify';
import { fieldError, type ErrorCode, type FieldErrors } from '../errors.js';
import { stating } from './steps.js';
import { finiteNumbersOnly } from './finite-numbers.js';

/**
 * YYYYMMDD that names a real calendar day of the years 0000–9999 (the Gregorian calendar, as
 * JavaScript's dates extend it back), checked by arithmetic on the digits.
 */
export function isDate8(value: string): boolean {
  if (value.length !== 8) return false;
  let n = 0;
  for (let i = 0; i < 8; i++) {
    const digit = value.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return false;
    n = n * 10 + digit;
  }
  const year = Math.floor(n / 10_000);
  const month = Math.floor(n / 100) % 100;
  const day = n % 100;
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * RFC 3339 date-time that JavaScript can also represent (no leap second 60, real days), and whose
 * UTC instant is within the years 0000–9999: svc stores and compares instants as ISO text, which
 * orders rightly only there (`9999-12-31T23:59:59-23:59` is in the year 10000).
 */
export function isDateTime(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.test(value))
    return false;
  const year = new Date(value).getUTCFullYear();
  return year >= 0 && year <= 9999 && isDate8(value.slice(0, 10).replace(/-/g, ''));
}

const formatMessages: Record<string, string> = {
  date8: 'must be a real calendar date written as 8 digits YYYYMMDD',
  uri: 'must be an absolute URI',
  uuid: 'must be a UUID',
  'date-time': 'must be an RFC 3339 date-time',
};

function makeAjv(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes,
    removeAdditional: true,
    useDefaults: true,
    strict: false,
    // Not implied without `strict`: 1e309 parses as Infinity, which is no number to store.
    strictNumbers: true,
  });
  addFormats.default(ajv, ['uri', 'uuid', 'email']);
  ajv.addFormat('date8', { type: 'string', validate: isDate8 });
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  return ajv;
}

/**
 * Bodies are validated strictly (a number is not a string); params and query strings are text on
 * the wire, so they are coerced. Every error is collected, so a 422 names every bad field.
 */
export function registerValidation(app: FastifyInstance): void {
  const strict = makeAjv(false);
  const coercing = makeAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body'
      ? strict.compile(schema as FastifySchema & object)
      : finiteNumbersOnly(coercing.compile(schema as FastifySchema & object)),
  );
}

/** Ajv errors as `{ "aamva.person_birth_date": ["must be …"] }`. */
export function toFieldErrors(
  errors: readonly Partial<ErrorObject>[],
  context: string,
): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    const segments = (e.instancePath ?? '').split('/').filter(Boolean);
    if (e.keyword === 'required')
      segments.push(
        String((e.params as { missingProperty?: string } | undefined)?.missingProperty),
      );
    const field = segments.join('.') || context;
    let message =
      e.keyword === 'required'
        ? 'is required'
        : e.keyword === 'format'
          ? (formatMessages[String((e.params as { format?: string }).format)] ??
            e.message ??
            'is invalid')
          : (e.message ?? 'is invalid');
    // `additionalProperties: Type.Never()` (the sandbox's `aamva`): the path names the unknown field.
    if (e.schemaPath?.endsWith('/additionalProperties/not')) message = 'is not a known field';
    const messages = (out[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return out;
}

/**
 * A route's `schemaErrorFormatter`: a schema validation failure answers `code` (the catalog's
 * status) naming every bad field. Routes without one answer VALIDATION_FAILED (errors.ts).
 */
export function invalidAs(code: ErrorCode) {
  return stating(
    (errors: FastifySchemaValidationError[], dataVar: string): Error =>
      fieldError(code, toFieldErrors(errors, dataVar)),
    { invalid: code },
  );
}
