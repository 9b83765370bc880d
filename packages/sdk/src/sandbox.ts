import { joinUrl, readJson, type FetchLike } from './http.js';

/** Request fields of the `aamva` object; all strings. */
export interface AamvaFields {
  identification_id: string;
  address_delivery_point_text_1?: string;
  address_delivery_point_text_2?: string;
  document_category_code?: string;
  drivers_license_expiration_date?: string;
  drivers_license_issue_date?: string;
  location_city_name?: string;
  location_postal_code?: string;
  location_state_us_postal_service_code?: string;
  message_destination_id?: string;
  person_birth_date?: string;
  person_eye_color_code?: string;
  person_given_name?: string;
  person_height_measure?: string;
  person_middle_name?: string;
  person_name_suffix_text?: string;
  person_sex_code?: string;
  person_sur_name?: string;
  person_weight_measure?: string;
}

export type MatchIndicator = 'TRUE' | 'FALSE' | 'NULL';

/** The 26 `*_match_indicator` values plus `replay` and `transaction_locator_id`. */
export type SandboxVerification = Record<`${string}_match_indicator`, MatchIndicator> & {
  replay: 'NULL';
  transaction_locator_id: string;
};

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

  async verify(aamva: AamvaFields): Promise<SandboxVerification> {
    const response = await this.fetch(joinUrl(this.options.baseUrl, '/api/v2/verifications'), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.options.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ aamva }),
    });
    return readJson<SandboxVerification>(response);
  }
}
