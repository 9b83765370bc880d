import { Type } from '@sinclair/typebox';
import type { KeyDefinition } from './key-definition.js';

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
  fidoCredentialLimit: {
    env: 'SVC_FIDO_CREDENTIAL_LIMIT',
    doc: 'passkeys one FIDO user may hold; a registration beyond it fails',
    schema: Type.Integer({ minimum: 1, default: 10 }),
  },
} as const satisfies Record<string, KeyDefinition>;
