import type { Aamva, SandboxVerification, SandboxVerificationRequest } from '@svc/wire/web';
import { joinUrl, readJson, type FetchLike } from './http.js';

export interface SandboxClientOptions {
  /** svc's base URL, e.g. `https://svc.example.com`. */
  baseUrl: string;
  /** The customer's `sandbox_token`. */
  token: string;
  fetch?: FetchLike;
}

/** Client of the driver's-license sandbox (Area A); errors throw a SvcApiError subclass. */
export class SandboxClient {
  private readonly fetch: FetchLike;
  constructor(private readonly options: SandboxClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /**
   * `POST /api/v2/verifications`: the 26 match indicators for these license fields (`DL000001`–
   * `DL000024` answer the predefined cases). Bad fields are a ValidationError naming each.
   */
  async verify(aamva: Aamva): Promise<SandboxVerification> {
    const response = await this.fetch(joinUrl(this.options.baseUrl, '/api/v2/verifications'), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.options.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ aamva } satisfies SandboxVerificationRequest),
    });
    return readJson<SandboxVerification>(response);
  }
}
