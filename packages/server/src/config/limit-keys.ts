import { Type } from '@sinclair/typebox';
import type { KeyDefinition } from './key-definition.js';

/**
 * Numbers whose texts cost their sender more than a text, or pay their owner per message (the
 * means of SMS pumping): the international premium-rate (+979) and shared-cost (+808) services,
 * international networks and satellite (+870, +881, +882, +883), North America's 900 numbers,
 * the UK's premium, personal and shared-cost ranges (+449, +4470, +4484, +4487), France's premium
 * 089 (+3389), Germany's 0900 and 0137 (+49900, +49137).
 */
const defaultRefusedPrefixes = [
  '+979',
  '+808',
  '+870',
  '+881',
  '+882',
  '+883',
  '+1900',
  '+449',
  '+4470',
  '+4484',
  '+4487',
  '+3389',
  '+49900',
  '+49137',
];

/** Limits against push fatigue (svcfications) and on passkeys per user (FIDO). */
export const limitKeys = {
  svcficationOpenLimit: {
    env: 'SVC_SVCFICATION_OPEN_LIMIT',
    doc: 'open svcfications one user identifier may have at once; beyond it 429 (0: no limit)',
    schema: Type.Integer({ minimum: 0, default: 5 }),
  },
  svcficationWindowLimit: {
    env: 'SVC_SVCFICATION_WINDOW_LIMIT',
    doc: 'svcfications one user identifier may receive per 10 minutes; beyond it 429 (0: no limit)',
    schema: Type.Integer({ minimum: 0, default: 30 }),
  },
  svcficationFraudBlockSeconds: {
    env: 'SVC_SVCFICATION_FRAUD_BLOCK_SECONDS',
    doc: 'after a device rejects with reason fraud, how long new svcfications to that user are refused (0: never)',
    schema: Type.Integer({ minimum: 0, maximum: 2_592_000, default: 3600 }),
  },
  fidoSmsPerCustomer: {
    env: 'SVC_FIDO_SMS_PER_CUSTOMER',
    doc: 'SMS (user links) one customer may send per hour; beyond it 429 (0: no limit)',
    schema: Type.Integer({ minimum: 0, default: 1000 }),
  },
  fidoSmsPerNumber: {
    env: 'SVC_FIDO_SMS_PER_NUMBER',
    doc: 'SMS one customer may send to one phone number per hour; beyond it 429 (0: no limit)',
    schema: Type.Integer({ minimum: 0, default: 5 }),
  },
  fidoSmsRefusedPrefixes: {
    env: 'SVC_FIDO_SMS_REFUSED_PREFIXES',
    doc: 'comma-separated E.164 prefixes no SMS is sent to (default: premium-rate and shared-cost ranges); a link asking for one is refused with 400 ("": none)',
    schema: Type.String({ default: defaultRefusedPrefixes.join(',') }),
    check: (value: string) =>
      value === '' || value.split(',').every((prefix) => /^\+[1-9]\d{0,7}$/.test(prefix.trim()))
        ? null
        : 'must be comma-separated prefixes such as +882,+1900',
  },
  fidoCredentialLimit: {
    env: 'SVC_FIDO_CREDENTIAL_LIMIT',
    doc: 'passkeys one FIDO user may hold; a registration beyond it fails',
    schema: Type.Integer({ minimum: 1, default: 10 }),
  },
} as const satisfies Record<string, KeyDefinition>;
