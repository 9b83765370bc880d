import type { SvcficationBody } from '@svc/wire';

/**
 * Who receives a svcfication: exactly one of these (the type refuses two).
 * - `device_identifier`: that device (active);
 * - `user_identifier`: the device(s) actively bound to your identifier;
 * - `svc_id`: every active device of that svc user;
 * - `email`: like `user_identifier`, for an identifier that is an e-mail address;
 * - `svccode_id`: the device that paired the svccode (confirm intent before `bindUser`).
 */
export type SvcficationTarget =
  | Only<'device_identifier'>
  | Only<'user_identifier'>
  | Only<'svc_id'>
  | Only<'email'>
  | Only<'svccode_id'>;

type TargetField = 'device_identifier' | 'user_identifier' | 'svc_id' | 'email' | 'svccode_id';
type Only<K extends TargetField> = { [P in K]: string } & {
  [P in Exclude<TargetField, K>]?: never;
};

/**
 * The assurance asked for; the device proves it with its answer:
 * 1 — the device key (`device_ar`); 2 — plus user presence (auth key); 3 — plus the user's
 * registered identity document (the user must have one, else `NoDocumentsError`).
 */
export type SvcficationLevel = 1 | 2 | 3;

/** What every svcfication carries, whatever its target and level. */
export interface SvcficationOptions {
  /** What the user is asked to approve, e.g. `login`, `transfer`. */
  action: string;
  /** What it concerns, e.g. `web`, `account 1234`. */
  resource: string;
  desired_level: SvcficationLevel;
  /** HTTPS URL that receives the svcfication (plus `jwt`) when it completes; see `verifyCallback`. */
  callback_url?: string;
  /** Free-form data shown to the device app (≤ 256 keys, depth 16, 16 KiB). */
  custom_fields?: Record<string, unknown>;
  /** When it expires unanswered (default: the service's, 90 s). */
  expires_at?: Date | string;
  /** Whether the app prompts the user (default true). */
  prompt?: boolean;
  /** Whether the app asks for user presence (default true). */
  user_presence?: boolean;
  /** Whether the app shows the identity document (default false). */
  show_identity_document?: boolean;
  /**
   * Number matching: the answer carries `match_number` for your page to show, and the user must
   * pick it among the device's `match_candidates`. Default: the customer's setting (`svc customers
   * set ID --number-matching on`), which applies to `desired_level` ≥ 2.
   */
  number_matching?: boolean;
}

/** A svcfication to create: options plus exactly one target. */
export type SvcficationInput = SvcficationOptions & SvcficationTarget;

/** The wire body of an input (`expires_at` as ISO 8601). */
export function svcficationBody(input: SvcficationInput): SvcficationBody {
  const { expires_at, ...rest } = input;
  return {
    ...rest,
    ...(expires_at === undefined
      ? {}
      : { expires_at: expires_at instanceof Date ? expires_at.toISOString() : expires_at }),
  };
}
