import { deviceKinds, deviceSignature, hmac } from './auth.js';
import { allowAnyOrigin } from './cors.js';
import { limitPerCredential } from './rate-limit.js';
import { claimReplay } from './replay.js';

/**
 * The steps of a device's own write: SDK (or that device's own) credentials, the credential's
 * limit, the Idempotency-Key claim (keyed by the signing device) and the X-Device-Sig of one of
 * the customer's devices. Readable from any origin: svc Authenticator may be served by another
 * svc server (core/http/cors.ts).
 */
export const deviceWrite = {
  preValidation: [
    hmac(...deviceKinds),
    limitPerCredential,
    claimReplay(deviceSignature),
    deviceSignature,
  ],
  onSend: [allowAnyOrigin],
};
