import QRCode from 'qrcode';
import { assertThat } from '../../core/errors.js';
import type { OidcDeps } from './deps.js';
import { savePending, type Interaction } from './interaction.js';

/**
 * The page's first step for the phone: a svccode of the organization's customer, shown as a QR
 * code and remembered on the interaction (a new one replaces the last, and its svcfication).
 */
export async function startPhone(
  deps: OidcDeps,
  organizationId: string,
  interaction: Interaction,
): Promise<{ payload: string; qr: string }> {
  const org = await deps.fido.organization(organizationId);
  assertThat(org, 'ORGANIZATION_NOT_FOUND');
  const code = await deps.phone.newSvccode(org.customerId);
  await savePending(interaction, { svccode: code.id, svcfication: undefined });
  const qr = await QRCode.toDataURL(code.payload, {
    errorCorrectionLevel: 'M',
    margin: 4,
    scale: 6,
  });
  return { payload: code.payload, qr };
}
