import type { Aamva, SandboxVerification, SandboxVerificationRequest } from '@svc/wire';
import { joinUrl, readJson, type FetchLike } from './http.js';

export interface SandboxClientOptions {
  baseUrl: string;
  token: string;
  fetch?: FetchLike;
}

/** Client of the driver's-license sandbox (Area A). */
export class SandboxClient {
  private readonly fetch: FetchLike;
  constructor(private readonly options: SandboxClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
  }

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
