import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers.js';
import {
  documentNames,
  documentValidator,
  servedDocuments,
  type ApiDocument,
  type DocumentName,
  type Media,
  type Operation,
} from './openapi.kit.js';

/**
 * The three OpenAPI documents pass Redocly's `recommended` rules, as served. No rule is changed:
 * none conflicts with the spec (its GET that answers 201 is still a 2xx answer).
 */
let t: TestApp;
let docs: Record<DocumentName, ApiDocument>;
let validator: ReturnType<typeof documentValidator>;
beforeAll(async () => {
  t = await testApp();
  docs = await servedDocuments(t);
  validator = documentValidator(docs);
});
afterAll(async () => t.close());

/** Every body of an operation (request and responses, any media type) and where it is. */
function mediaOf(op: Operation): [string[], string, Media][] {
  const holders: [string[], Record<string, Media> | undefined][] = [
    [['requestBody'], op.requestBody?.content],
    ...Object.entries(op.responses).map(
      ([status, r]): [string[], Record<string, Media> | undefined] => [
        ['responses', status],
        r.content,
      ],
    ),
  ];
  return holders.flatMap(([where, content]) =>
    Object.entries(content ?? {}).map(([type, media]): [string[], string, Media] => [
      where,
      type,
      media,
    ]),
  );
}

// The two warnings that remain: the service has no license to name, and the test server's URL
// is localhost (the documents name SVC_PUBLIC_URL).
const acceptedWarnings = ['info-license', 'no-server-example.com'];

describe.each(documentNames)('the %s document', (name) => {
  it('has no lint errors, and no warnings beyond the accepted ones', async () => {
    const problems = await lintFromString({
      source: JSON.stringify(docs[name]),
      absoluteRef: `/docs/${name}/openapi.json`,
      config: await createConfig({ extends: ['recommended'] }),
    });
    const shown = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} ${p.location[0]?.pointer ?? ''}`,
    );
    expect(shown.filter((p) => p.startsWith('error'))).toEqual([]);
    expect(
      problems.filter((p) => !acceptedWarnings.includes(p.ruleId)).map((p) => p.message),
    ).toEqual([]);
  });

  it('names, tags, secures and illustrates every operation', () => {
    const missing: string[] = [];
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(docs[name].paths))
      for (const [method, op] of Object.entries(item)) {
        const at = `${method} ${path}`;
        if (!op.operationId || !op.summary || !op.tags?.length) missing.push(`${at}: names`);
        if (op.operationId) operationIds.add(op.operationId);
        if (!op.security) missing.push(`${at}: security`);
        for (const [where, type, media] of mediaOf(op))
          if (media.example === undefined)
            missing.push(`${at} ${where.join(' ')} ${type}: example`);
      }
    expect(missing).toEqual([]);
    expect(operationIds.size).toBe(
      Object.values(docs[name].paths).flatMap((item) => Object.keys(item)).length,
    );
  });

  it('shares the wire resources as components, and every example is valid', () => {
    const { components, paths } = docs[name];
    expect(Object.keys(components.schemas).length).toBeGreaterThan(3);
    const invalid: string[] = [];
    for (const [component, schema] of Object.entries(components.schemas))
      for (const [i, example] of ((schema.examples as unknown[] | undefined) ?? []).entries()) {
        const tokens = ['components', 'schemas', component];
        const errors = validator.errorsAt(name, tokens, example);
        if (errors) invalid.push(`${component} examples[${i}]: ${errors}`);
      }
    for (const [path, item] of Object.entries(paths))
      for (const [method, op] of Object.entries(item))
        for (const [where, type, m] of mediaOf(op)) {
          const tokens = ['paths', path, method, ...where, 'content', type, 'schema'];
          const errors = validator.errorsAt(name, tokens, m.example);
          if (errors) invalid.push(`${method} ${path} ${where.join(' ')} ${type}: ${errors}`);
        }
    expect(invalid).toEqual([]);
  });
});

describe('security', () => {
  it('each document declares the schemes its operations use', () => {
    expect(Object.keys(docs.sandbox.components.securitySchemes)).toEqual(['SandboxBearer']);
    expect(Object.keys(docs.main.components.securitySchemes).sort()).toEqual([
      'DeviceSig',
      'SvcHmac',
    ]);
    expect(Object.keys(docs.fido.components.securitySchemes)).toEqual([
      'FidoApiKey',
      'OidcClientSecret',
      'OidcAccessToken',
    ]);
    expect(docs.main.components.securitySchemes.SvcHmac?.description).toContain(
      'METHOD\\nmd5hex(body)\\nContent-Type\\nDate\\npath?query',
    );
  });

  it('follows what each route enforces', () => {
    const security = (name: DocumentName, path: string, method: string) =>
      docs[name].paths[path]?.[method]?.security;
    expect(security('main', '/jwks', 'get')).toEqual([]);
    expect(security('main', '/api/v2/svccodes', 'post')).toEqual([]);
    expect(security('main', '/api/v2/paired_svccodes', 'post')).toEqual([{ DeviceSig: [] }]);
    expect(security('main', '/api/v2/devices', 'post')).toEqual([
      { SvcHmac: ['sdk', 'server'], DeviceSig: [] },
    ]);
    expect(security('main', '/api/v2/svcfications/{id}', 'get')).toEqual([
      { SvcHmac: ['server'] },
      { SvcHmac: ['sdk', 'device'], DeviceSig: [] },
    ]);
    expect(security('main', '/api/v2/enrollments/redeem', 'post')).toEqual([{ DeviceSig: [] }]);
    expect(security('main', '/api/v1/verifications', 'post')).toEqual([{ SvcHmac: ['user'] }]);
    expect(security('fido', '/fido/registrations/{id}/verify', 'post')).toEqual([]);
    expect(security('fido', '/api/v1/users', 'post')).toEqual([{ FidoApiKey: [] }]);
    expect(security('sandbox', '/api/v2/verifications', 'post')).toEqual([{ SandboxBearer: [] }]);
    // The OpenID Provider's: a public client sends no credentials, a confidential one its secret.
    const oidc = '/oidc/{organization_id}';
    expect(security('fido', `${oidc}/.well-known/openid-configuration`, 'get')).toEqual([]);
    expect(security('fido', `${oidc}/jwks`, 'get')).toEqual([]);
    expect(security('fido', `${oidc}/token`, 'post')).toEqual([{ OidcClientSecret: [] }, {}]);
    expect(security('fido', `${oidc}/me`, 'get')).toEqual([{ OidcAccessToken: [] }]);
    expect(security('fido', `${oidc}/me`, 'post')).toEqual([{ OidcAccessToken: [] }]);
  });

  it('marks optional bodies as not required, and says when a 429 may come', () => {
    const operation = (name: DocumentName, path: string, method: string) =>
      docs[name].paths[path]?.[method] as
        { requestBody?: { required?: boolean }; responses?: Record<string, unknown> } | undefined;
    const reject = operation('main', '/api/v2/svcfication_responses/{id}', 'delete');
    expect(reject?.requestBody?.required).toBe(false);
    expect(operation('fido', '/api/v1/users/search', 'post')?.requestBody?.required).toBe(false);
    expect(operation('fido', '/api/v1/users', 'post')?.requestBody?.required).toBe(true);
    expect(operation('main', '/api/v2/svcfications', 'post')?.responses?.['429']).toMatchObject({
      headers: { 'Retry-After': expect.any(Object) },
    });
  });
});
