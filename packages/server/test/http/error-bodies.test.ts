import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, catalog, type ErrorCode } from '../../src/core/errors.js';
import { testApp, type TestApp } from '../helpers.js';
import { documentValidator, servedDocuments } from '../openapi.kit.js';

/**
 * Any code of the catalog may reach any route (a reused Idempotency-Key, a rate limit, a check a
 * later change adds): its body, in the shape the route declares for the status, must fit the
 * documented schema, or the serializer fails the answer with a 500.
 */
let t: TestApp;
let v: ReturnType<typeof documentValidator>;
beforeAll(async () => {
  t = await testApp();
  v = documentValidator(await servedDocuments(t));
});
afterAll(async () => t.close());

describe('every error of the catalog', () => {
  it("fits each operation's documented body for its status", () => {
    const misfits: string[] = [];
    for (const found of v.operations) {
      for (const [key, response] of Object.entries(found.operation.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (!schema || !/^\d+$/.test(key) || Number(key) < 400) continue;
        const shape = schema.$ref === '#/components/schemas/ListError' ? 'list' : 'error';
        for (const code of Object.keys(catalog) as ErrorCode[]) {
          if (catalog[code].status !== Number(key)) continue;
          const body = JSON.stringify(new AppError(code).body(shape));
          const why = v.checkAnswer(found, Number(key), 'application/json', body);
          if (why) misfits.push(`${found.method} ${found.path} ${code}: ${why}`);
        }
      }
    }
    expect(misfits).toEqual([]);
  });
});
