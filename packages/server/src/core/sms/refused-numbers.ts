/**
 * Why no SMS may go to `number`: it starts with one of the operator's refused prefixes
 * (`SVC_FIDO_SMS_REFUSED_PREFIXES`, comma-separated). Null when it may.
 */
export function refusedNumberProblem(
  number: string | undefined,
  refusedPrefixes: string,
): string | null {
  if (number === undefined || refusedPrefixes === '') return null;
  const prefix = refusedPrefixes
    .split(',')
    .map((candidate) => candidate.trim())
    .find((candidate) => number.startsWith(candidate));
  return prefix
    ? `must not start with ${prefix}: no SMS is sent to premium-rate or shared-cost numbers`
    : null;
}
