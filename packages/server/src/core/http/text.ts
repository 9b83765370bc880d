/** With the `u` flag a class of surrogates matches only unpaired ones: a pair is one code point. */
const loneSurrogate = /[\uD800-\uDFFF]/u;

/**
 * Why a decoded string is refused, or null. PostgreSQL text cannot hold NUL, and a lone UTF-16
 * surrogate has no UTF-8 form (it would be stored as U+FFFD and read back altered); no field of
 * this API needs either.
 */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'NUL characters are not accepted.';
  if (loneSurrogate.test(value)) return 'Lone UTF-16 surrogates are not accepted.';
  return null;
}

/** The first problem of any string, key or value, in parsed JSON (a loop: JSON may nest deep). */
export function jsonTextProblem(json: unknown): string | null {
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
