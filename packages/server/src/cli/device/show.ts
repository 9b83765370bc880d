import type { Svcfication } from '@svc/sdk';

/** Prints `value` as one JSON line with --json, else the human text. */
export function print(json: boolean | undefined, value: unknown, text: string): void {
  process.stdout.write(json ? `${JSON.stringify(value ?? null)}\n` : `${text}\n`);
}

/** One line for a svcfication, its id first (so `cut -d' ' -f1` takes it). */
export function svcficationLine(s: Svcfication): string {
  const accepted = s.result?.accepted ? ` at level ${String(s.result.accepted_level)}` : '';
  const reason = s.result?.reason ? ` (${s.result.reason})` : '';
  const numbers = s.match_candidates ? [`pick ${s.match_candidates.join(' / ')}`] : [];
  return [
    s.id,
    `${s.status}${accepted}${reason}`,
    `level ${String(s.desired_level)}`,
    `"${s.action}" on "${s.resource}"`,
    `from ${s.relying_party}`,
    `expires ${s.expires_at}`,
    ...numbers,
  ].join('  ');
}
