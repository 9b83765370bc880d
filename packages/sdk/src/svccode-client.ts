import type { CreateSvccodeBody, Svccode, SvccodeClaims, SvccodeStatus } from '@svc/wire/web';
import { joinUrl, readJson, type FetchLike } from './http.js';

/** How long the service holds a status read without `wait` (svccodes' `status-hold.ts`). */
const serviceWaitSeconds = 25;
/** An answer this much before its wait ran out was not held to the end (rounding, timers). */
const earlyAnswerMs = 1000;
/** Each poll may outlast the page's reading of the expiry by this much (a clock ahead of svc's). */
const clockToleranceSeconds = 5;

export interface SvccodeClientOptions {
  baseUrl: string;
  fetch?: FetchLike;
  /** Clock that `waitUntilPaired` compares with a code's expiry (default: the system clock). */
  now?: () => Date;
}

/**
 * When a code's payload says it expires: the `exp` (epoch milliseconds) of its middle part, read
 * without checking the MAC (only svc can). Null when the payload is not in that shape.
 */
export function svccodeExpiry(payload: string): Date | null {
  const body = payload.split('.')[1];
  try {
    const text = atob((body ?? '').replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(text) as Partial<SvccodeClaims> | null;
    return typeof claims?.exp === 'number' ? new Date(claims.exp) : null;
  } catch {
    return null;
  }
}

/**
 * The browser side of svccodes: what an RP's web page calls (no credentials; the service allows
 * these calls from any origin). Imports nothing from Node (only types from @svc/wire), so it
 * bundles for browsers as is.
 */
export class SvccodeClient {
  private readonly fetch: FetchLike;
  private readonly now: () => Date;
  constructor(private readonly options: SvccodeClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.now = options.now ?? (() => new Date());
  }

  /** A fresh code for the relying party (its customer id). */
  async create(relyingPartyId: string): Promise<Svccode> {
    const response = await this.fetch(joinUrl(this.options.baseUrl, '/api/v2/svccodes'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ relying_party_id: relyingPartyId } satisfies CreateSvccodeBody),
    });
    return readJson<Svccode>(response);
  }

  /**
   * Whether a device has paired, now (`wait` 0, the default), or held by the service for up to
   * `wait` seconds (≤ 30) until a device pairs or the code expires. A code that expired unpaired
   * answers `paired: false` for an hour; unknown or long-gone ids are NotFoundError (404).
   */
  async status(
    id: string,
    options: { wait?: number; signal?: AbortSignal } = {},
  ): Promise<SvccodeStatus> {
    return this.poll(id, options.wait ?? 0, options.signal);
  }

  /**
   * Long-polls until the code is paired (`paired: true`) or has expired (`paired: false`; time to
   * show a new code). Each poll waits up to `wait` seconds (default 25, the service's own) and no
   * more than 5 s past the expiry that this page's clock (`now`) reads from the payload, since the
   * service holds an expired code the whole wait. An unpaired answer that comes before its wait ran
   * out ends it: the service answered at the expiry on its own clock. So a page clock behind the
   * service's costs no extra wait; one more than 5 s ahead ends the wait early by the difference.
   */
  async waitUntilPaired(
    code: Svccode,
    options: { signal?: AbortSignal; wait?: number } = {},
  ): Promise<SvccodeStatus> {
    const expiresAt = svccodeExpiry(code.payload)?.getTime() ?? Infinity;
    const longest = options.wait ?? serviceWaitSeconds;
    for (;;) {
      options.signal?.throwIfAborted();
      const asked = this.now().getTime();
      // Past the expiry one last look (a pairing may have come just before it), without waiting.
      if (asked >= expiresAt) return this.poll(code.id, 0, options.signal);
      const left = Math.ceil((expiresAt - asked) / 1000);
      const wait = Math.min(longest, left + clockToleranceSeconds);
      const state = await this.poll(code.id, wait, options.signal);
      if (state.paired) return state;
      // Only a pairing, the code's expiry or a restart of the service end a hold early.
      if (this.now().getTime() - asked < wait * 1000 - earlyAnswerMs) return state;
    }
  }

  private async poll(
    id: string,
    wait: number | undefined,
    signal: AbortSignal | undefined,
  ): Promise<SvccodeStatus> {
    const query = wait === undefined ? '' : `?wait=${wait}`;
    const init: RequestInit = signal ? { signal } : {};
    return readJson<SvccodeStatus>(
      await this.fetch(
        joinUrl(this.options.baseUrl, `/api/v2/svccodes/${encodeURIComponent(id)}${query}`),
        init,
      ),
    );
  }
}
