import {
  LicenseBarcodeError,
  licenseHash,
  readLicenseBarcode,
  type DeviceClient,
  type IdentityDocument,
} from '@svc/sdk';

// Level 3 with the user's driver's license: the PDF417 barcode on its back, read by the camera.
// svc keeps only the hash; the fields go along once at registration, for the relying party's
// check with the issuing agency (when it asked for one), and are never stored.

/** Whether `text` is the barcode of a license or ID card (what the camera should stop at). */
export function isLicense(text: string): boolean {
  try {
    readLicenseBarcode(text);
    return true;
  } catch (err) {
    if (err instanceof LicenseBarcodeError) return false;
    throw err;
  }
}

/** The hash of the license read off `text`, as the document registration computed it. */
export const hashOfLicense = (text: string) => licenseHash(readLicenseBarcode(text));

/** Registers the license of `text` as the account's document (replacing the last one). */
export async function registerLicense(
  device: DeviceClient,
  text: string,
): Promise<IdentityDocument> {
  const fields = readLicenseBarcode(text);
  return device.registerDocument({
    ...fields,
    hash: await licenseHash(fields),
    type: 'AAMVA_DRIVERS_LICENSE',
  });
}

/** What the user reads once the license is registered. */
export function licenseAdded(document: IdentityDocument): string {
  const kept = 'svc keeps only a fingerprint of it, never its details.';
  switch (document.verification_status) {
    case 'VERIFIED':
      return `License added and confirmed by the issuing agency. ${kept}`;
    case 'FAILED':
      return `License added, but the issuing agency's records do not match it. ${kept}`;
    default:
      return `License added. ${kept}`;
  }
}
