import { Identifier } from '@svc/wire';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { textProblem } from './text.js';

/** The longest identifier a body accepts, in code points (as JSON Schema counts length). */
const longestIdentifier = Identifier.maxLength ?? 256;

/**
 * The router's limit, in UTF-16 code units (as it counts): twice the code points, so every
 * identifier a body accepts is addressable in a path; the hook below keeps 414 beyond that.
 */
export const maxParamLength = 2 * longestIdentifier;

const codePoints = (value: string) => {
  let n = 0;
  for (const _ of value) n++;
  return n;
};

/** What the router let through but no route takes: NUL, lone surrogates, overlong parameters. */
function urlProblem(request: FastifyRequest): AppError | null {
  const url = request.raw.url ?? '';
  if (/%00/.test(url)) return new AppError('BAD_REQUEST', 'NUL characters are not accepted.');
  for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, string>)) {
    if (name === '*') continue; // a static file path, not an identifier
    const problem = textProblem(value);
    if (problem) return new AppError('BAD_REQUEST', problem);
    // UTF-16 length bounds the code points: most values need no count.
    if (value.length > longestIdentifier && codePoints(value) > longestIdentifier)
      return new AppError('URI_TOO_LONG');
  }
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  if (query === '') return null;
  try {
    // The query parser keeps malformed escapes (`%ED%A0%80`, a UTF-8 surrogate) as literal text.
    const problem = textProblem(decodeURIComponent(query.replace(/\+/g, ' ')));
    return problem ? new AppError('BAD_REQUEST', problem) : null;
  } catch {
    return new AppError('BAD_REQUEST', 'The query string is malformed.');
  }
}

/** Path and query checks, before authentication: a malformed URL is 400 (414) for everyone. */
export function registerUrlChecks(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const problem = urlProblem(request);
    if (problem) throw problem;
  });
}
