/**
 * Why a decoded string is refused, or null. PostgreSQL text cannot hold NUL, and a lone UTF-16
 * surrogate has no UTF-8 form (it would be stored as U+FFFD and read back altered); no field of
 * this API needs either.
 */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'NUL characters are not accepted.';
  if (!value.isWellFormed()) return 'Lone UTF-16 surrogates are not accepted.';
  return null;
}

/**
 * The first problem of any string, key or value, in JSON parsed from UTF-8 `text` (a loop: JSON
 * may nest deep). UTF-8 holds no surrogate and JSON no raw NUL: only a `\u` escape can make one,
 * so text without an escape of NUL or a surrogate needs no walk.
 */
export function jsonTextProblem(text: string, json: unknown): string | null {
  if (!/\\u(0000|d[89a-f])/i.test(text)) return null;
  const pending: unknown[] = [json];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) return problem;
    } else if (Array.isArray(item)) {
      for (const value of item) pending.push(value);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, value] of Object.entries(item)) pending.push(key, value);
    }
  }
  return null;
}
