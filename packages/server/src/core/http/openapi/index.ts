import { STATUS_CODES } from 'node:http';
import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { AppError } from '../../errors.js';
import { componentRef, pruneComponents, withRefs, wireSchemas, type Json } from './components.js';
import { errorExample, exampleOf } from './examples.js';
import { replaysWrites, responseHeaders, securityOf, securitySchemes } from './security.js';
import { addWritten, type WrittenOperations } from './written.js';
import { routeFacts } from '../steps.js';

/** One OpenAPI document: its info and the tags its operations use. */
export interface ApiDocument {
  title: string;
  version: string;
  description: string;
  tags: { name: string; description: string }[];
}

// The examples a transformed operation carries until the document is assembled (a `$ref` takes
// no siblings, so they cannot ride on the schemas).
const examplesKey = 'x-svc-examples';
// Marks an operation whose writes svc replays, so that it names the Idempotency-Key.
const replayKey = 'x-svc-replays';
interface OperationExamples {
  request?: unknown;
  responses: Record<string, unknown>;
  /** The route takes no body as `{}` (its `optionalBody` step): its request body is not required. */
  bodyOptional?: boolean;
}

// Errors any route may answer besides those it declares (bad JSON, size, media type, shutdown).
const otherErrors = {
  '4XX': new AppError('UNSUPPORTED_MEDIA_TYPE').body(),
  '5XX': new AppError('INTERNAL').body(),
};

/**
 * A route's schema as its operation: wire schemas as `$ref`s to components, the security its
 * steps enforce, the headers svc adds, and an example of every body.
 */
const transform: SwaggerTransform = ({ schema, url, route }) => {
  const facts = routeFacts(route);
  const { security, description } = securityOf(facts);
  const examples: OperationExamples = { responses: {} };
  const body = schema.body as Json | undefined;
  if (body) examples.request = exampleOf(body);
  if (facts.optionalBody) examples.bodyOptional = true;
  // What a schema validation failure answers (core/http/errors.ts).
  const invalid = facts.invalid ?? 'VALIDATION_FAILED';
  const firstField = ((body?.required as string[] | undefined) ?? [])[0];
  const responses: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((schema.response ?? {}) as Record<string, Json>)) {
    const status = Number(key);
    examples.responses[key] =
      status >= 400
        ? errorExample(status, value, { url, invalid, field: firstField })
        : exampleOf(value);
    const shown = withRefs(value) as Json;
    const headers = { ...(shown.headers as Json), ...responseHeaders(security, status) };
    // A `$ref` loses its siblings in the document; the plugin reads `description` before that.
    const said = '$ref' in shown ? 'description' : 'x-response-description';
    const some = Object.keys(headers).length > 0;
    responses[key] = { ...shown, [said]: STATUS_CODES[status], ...(some ? { headers } : {}) };
  }
  for (const [range, example] of Object.entries(otherErrors)) {
    responses[range] = { ...componentRef('ErrorBody'), description: `Other ${range} errors` };
    examples.responses[range] = example;
  }
  return {
    url,
    schema: {
      ...schema,
      ...(body ? { body: withRefs(body) } : {}),
      response: responses,
      security,
      description: [schema.description, `**Credentials:** ${description}`]
        .filter(Boolean)
        .join('\n\n'),
      [examplesKey]: examples,
      ...(replaysWrites(security, facts) ? { [replayKey]: true } : {}),
    } as FastifySchema,
  };
};

// A write authenticated by a customer's credentials may be retried safely with a key
// (core/http/replay.ts); a device-signed one without them (pairing a svccode) may not.
const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Repeat it on every retry of this write: for 24 h the same key gets the first answer (another body: 422 IDEMPOTENCY_KEY_REUSED; while the first runs: 409 REQUEST_IN_PROGRESS).',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
};
const writes = new Set(['post', 'put', 'patch', 'delete']);

/**
 * Puts each operation's examples on its media types, names the Idempotency-Key of the writes svc
 * replays, adds the written operations, and keeps only the components in use.
 */
function transformObject(openapiObject: Json, written: WrittenOperations | undefined): Json {
  for (const item of Object.values(openapiObject.paths as Record<string, Record<string, Json>>))
    for (const [method, operation] of Object.entries(item)) {
      const replayed = operation[replayKey] === true;
      delete operation[replayKey];
      if (writes.has(method) && replayed)
        operation.parameters = [
          ...((operation.parameters as Json[] | undefined) ?? []),
          idempotencyKey,
        ];
      const examples = operation[examplesKey] as OperationExamples | undefined;
      delete operation[examplesKey];
      if (!examples) continue;
      const media = (holder: unknown) =>
        (holder as { content?: Record<string, Json> } | undefined)?.content?.['application/json'];
      if (examples.bodyOptional && operation.requestBody)
        (operation.requestBody as Json).required = false;
      const request = media(operation.requestBody);
      if (request && examples.request !== undefined) request.example = examples.request;
      for (const [status, example] of Object.entries(examples.responses)) {
        const response = media((operation.responses as Json)[status]);
        if (response && example !== undefined) response.example = example;
      }
    }
  if (written) addWritten(openapiObject, written);
  pruneComponents(openapiObject);
  return openapiObject;
}

/** The @fastify/swagger options of one document (with the operations written for it, if any). */
export function openapiOptions(
  document: ApiDocument,
  publicUrl: string,
  written?: WrittenOperations,
): FastifyDynamicSwaggerOptions {
  const { tags, ...info } = document;
  const schemas = Object.fromEntries(
    [...wireSchemas].map(([name, schema]) => [name, withRefs(schema, true)]),
  );
  return {
    openapi: {
      openapi: '3.1.0',
      info,
      servers: [{ url: publicUrl }],
      tags,
      components: { schemas, securitySchemes },
    },
    transform,
    transformObject: (({ openapiObject }: { openapiObject: Json }) =>
      transformObject(openapiObject, written)) as FastifyDynamicSwaggerOptions['transformObject'],
    // The schemas and schemes are plain JSON here; the served documents are linted by the tests.
  } as FastifyDynamicSwaggerOptions;
}
