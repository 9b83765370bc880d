import { AppError } from '../errors.js';
import type { DevicesTable } from '../store/schema.js';

/** The registered device whose X-Device-Sig a request carries (its route checks one). */
export function signerOf(request: { signingDevice: DevicesTable | null }): DevicesTable {
  if (!request.signingDevice) throw new AppError('FORBIDDEN', 'X-Device-Sig is required.');
  return request.signingDevice;
}

/** The authenticated customer of a request ('' when the route takes no credentials). */
export const customerOf = (request: { caller: { customerId: string } | null }): string =>
  request.caller?.customerId ?? '';
