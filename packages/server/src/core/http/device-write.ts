import { deviceKinds, deviceSignature, hmac } from './auth.js';
import { limitPerCredential } from './rate-limit.js';
import { claimReplay } from './replay.js';

/**
 * The steps of a device's own write: SDK (or that device's own) credentials, the credential's
 * limit, the Idempotency-Key claim (keyed by the signing device) and the X-Device-Sig of one of
 * the customer's devices.
 */
export const deviceWrite = {
  preValidation: [
    hmac(...deviceKinds),
    limitPerCredential,
    claimReplay(deviceSignature),
    deviceSignature,
  ],
};
