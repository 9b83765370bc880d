import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { isDate8, isDateTime } from '../src/core/http/validation.js';
import type { TestApp } from './helpers.js';

export type Json = Record<string, unknown>;
export interface Media {
  schema: Json;
  example?: unknown;
}
export interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Json[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
export interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}

export const documentNames = ['sandbox', 'main', 'fido'] as const;
export type DocumentName = (typeof documentNames)[number];

/** The three documents as the app serves them. */
export async function servedDocuments(t: TestApp): Promise<Record<DocumentName, ApiDocument>> {
  const entries = await Promise.all(
    documentNames.map(async (name) => {
      const res = await t.app.inject({ method: 'GET', url: `/docs/${name}/openapi.json` });
      return [name, res.json<ApiDocument>()] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<DocumentName, ApiDocument>;
}

/** Every operation of the documents, with a matcher for its path. */
function operationsOf(docs: Record<DocumentName, ApiDocument>) {
  return documentNames.flatMap((name) =>
    Object.entries(docs[name].paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        name,
        method: method.toUpperCase(),
        path,
        operation,
        pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        // `/svcfications/next` is meant before `/svcfications/{id}`.
        params: path.split('{').length,
      })),
    ),
  );
}

const pointer = (...tokens: string[]) =>
  tokens.map((t) => encodeURIComponent(t.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

/**
 * Validates bodies against the served documents with Ajv (JSON Schema 2020-12, the dialect of
 * OpenAPI 3.1), each schema resolved inside its own document, so `$ref`s reach its components.
 */
export function documentValidator(docs: Record<DocumentName, ApiDocument>) {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false });
  addFormats.default(ajv, ['uri', 'uuid', 'email']);
  ajv.addFormat('date8', { type: 'string', validate: isDate8 });
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  for (const name of documentNames) ajv.addSchema(docs[name], `svc:${name}`);
  const operations = operationsOf(docs);

  /** Errors of `value` against the schema at `tokens` (a JSON pointer) of document `name`. */
  function errorsAt(name: DocumentName, tokens: string[], value: unknown): string | null {
    const validate = ajv.getSchema(`svc:${name}#/${pointer(...tokens)}`);
    if (!validate) return `no schema at ${tokens.join(' ')}`;
    return validate(value) ? null : ajv.errorsText(validate.errors);
  }

  /** The documented operation that answers `method url` (the most specific path wins). */
  function operationOf(method: string, url: string) {
    const path = url.split('?')[0] ?? '';
    return operations
      .filter((o) => o.method === method && o.pattern.test(path))
      .sort((a, b) => a.params - b.params)[0];
  }

  /** Why an answer does not match its operation's documented response, or null when it does. */
  function checkAnswer(
    found: NonNullable<ReturnType<typeof operationOf>>,
    status: number,
    contentType: string,
    body: string,
  ): string | null {
    const { responses } = found.operation;
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses[k]);
    if (!key) return `status ${status} is not documented`;
    const content = responses[key]?.content;
    if (!content) return body === '' ? null : `documented without a body, got ${body.slice(0, 80)}`;
    // The JWKS is `application/jwk-set+json`; every other body is `application/json`.
    const type = Object.keys(content).find((t) => contentType.split(';')[0]?.trim() === t);
    if (!type) return `content-type ${contentType}`;
    const tokens = ['paths', found.path, found.method.toLowerCase(), 'responses', key];
    return errorsAt(found.name, [...tokens, 'content', type, 'schema'], JSON.parse(body));
  }

  return { operations, operationOf, checkAnswer, errorsAt };
}
