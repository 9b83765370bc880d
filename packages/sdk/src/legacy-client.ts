import type { LegacyVerification } from '@svc/wire/web';
import { SignedClient } from './signed-client.js';
import { svcficationBody, type SvcficationInput } from './svcfication-input.js';

/** The v1 body: a svcfication plus the legacy Verification extras. */
export type LegacyVerificationInput = SvcficationInput & {
  agent_id?: string | null;
  display_name?: string | null;
  /** Seconds; stored and echoed, not acted on. */
  interval?: number | null;
};

/**
 * The legacy v1 pair (`/api/v1/verifications`), signed with the customer's *user* credentials:
 * a svcfication under its older name, read back in the Verification shape (epoch-second dates).
 * New integrations use `RpClient.createSvcfication`.
 */
export class LegacyClient extends SignedClient {
  /** `POST /api/v1/verifications`: answers the new verification's id (from `Location`). */
  async createVerification(input: LegacyVerificationInput): Promise<string> {
    const { agent_id, display_name, interval, ...svcfication } = input;
    const extras = Object.entries({ agent_id, display_name, interval }).filter(
      ([, v]) => v !== undefined,
    );
    const { headers } = await this.request<undefined>('POST', '/api/v1/verifications', {
      ...svcficationBody(svcfication),
      ...Object.fromEntries(extras),
    });
    const location = headers.get('location') ?? '';
    return decodeURIComponent(location.slice(location.lastIndexOf('/') + 1));
  }

  /** `GET /api/v1/verifications/{id}`. */
  async getVerification(id: string): Promise<LegacyVerification> {
    return (
      await this.request<LegacyVerification>(
        'GET',
        `/api/v1/verifications/${encodeURIComponent(id)}`,
      )
    ).body;
  }
}
