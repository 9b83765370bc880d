import type { CreateSvccodeBody, Svccode, SvccodeStatus } from '@svc/wire';
import { joinUrl, readJson, type FetchLike } from './http.js';

export interface SvccodeClientOptions {
  baseUrl: string;
  fetch?: FetchLike;
}

/**
 * The browser side of svccodes: what an RP's web page calls (no credentials; the service allows
 * these calls from any origin). Imports nothing from Node (only types from @svc/wire), so it
 * bundles for browsers as is.
 */
export class SvccodeClient {
  private readonly fetch: FetchLike;
  constructor(private readonly options: SvccodeClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
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
   * Whether a device has paired; with `wait` (0–30 s) the service answers as soon as one does.
   * An expired, unpaired code is gone: SvcApiError 404, time to show a new one.
   */
  async status(
    id: string,
    options: { wait?: number; signal?: AbortSignal } = {},
  ): Promise<SvccodeStatus> {
    const query = options.wait === undefined ? '' : `?wait=${options.wait}`;
    const init: RequestInit = options.signal ? { signal: options.signal } : {};
    return readJson<SvccodeStatus>(
      await this.fetch(
        joinUrl(this.options.baseUrl, `/api/v2/svccodes/${encodeURIComponent(id)}${query}`),
        init,
      ),
    );
  }

  /** Long-polls until the code is paired; rejects with SvcApiError 404 once it has expired. */
  async waitUntilPaired(
    id: string,
    options: { signal?: AbortSignal; wait?: number } = {},
  ): Promise<SvccodeStatus> {
    for (;;) {
      options.signal?.throwIfAborted();
      const state = await this.status(id, {
        wait: options.wait ?? 25,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (state.paired) return state;
    }
  }
}
