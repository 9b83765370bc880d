import type { SvcficationBody, SvcficationTargetField } from '@svc/wire/web';

/**
 * Who receives a svcfication: exactly one of `svcficationTargetFields` (the type refuses two).
 * - `device_identifier`: that device (active);
 * - `user_identifier`: the device(s) actively bound to your identifier;
 * - `svc_id`: every active device of that svc user;
 * - `email`: like `user_identifier`, for an identifier that is an e-mail address;
 * - `svccode_id`: the device that paired the svccode (confirm intent before `bindUser`).
 */
export type SvcficationTarget = { [K in SvcficationTargetField]: Only<K> }[SvcficationTargetField];

type Only<K extends SvcficationTargetField> = { [P in K]: string } & {
  [P in Exclude<SvcficationTargetField, K>]?: never;
};

/**
 * The assurance asked for; the device proves it with its answer:
 * 1 — the device key (`device_ar`); 2 — plus user presence (auth key); 3 — plus the user's
 * registered identity document (the user must have one, else `NoDocumentsError`).
 */
export type SvcficationLevel = 1 | 2 | 3;

/** The wire body's options, nulls left out (they read as absent). */
type WireOptions = {
  [K in keyof Omit<SvcficationBody, SvcficationTargetField>]: Exclude<SvcficationBody[K], null>;
};

/** What every svcfication carries, whatever its target and level: the wire body's options. */
export type SvcficationOptions = Omit<WireOptions, 'desired_level' | 'expires_at'> & {
  desired_level: SvcficationLevel;
  /** When it expires unanswered (default: the service's, 90 s). */
  expires_at?: Date | string;
};

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
