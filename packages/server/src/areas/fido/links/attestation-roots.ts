import { readFileSync } from 'node:fs';
import { SettingsService } from '@simplewebauthn/server';
import { ConfigError } from '../../../config/index.js';

/** The attestation formats whose certificate chains the operator's trust anchors apply to. */
const anchoredFormats = ['packed', 'fido-u2f'] as const;

/** The PEM certificates in a bundle file. */
export function readPemBundle(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const certificates =
    text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (certificates.length === 0)
    throw new ConfigError(
      `config fidoAttestationRoots (SVC_FIDO_ATTESTATION_ROOTS): ${path} holds no PEM certificate`,
    );
  return certificates;
}

/**
 * Installs the operator's attestation trust anchors, once at start: SimpleWebAuthn keeps them
 * process-wide. `packed` and `fido-u2f` chains must then lead to one of them. Without anchors those
 * chains cannot be anchored; only the statement's own signature is checked (docs/decisions/fido.md,
 * "Policy checks").
 */
export function installAttestationRoots(path: string): void {
  const certificates = path ? readPemBundle(path) : [];
  for (const identifier of anchoredFormats)
    SettingsService.setRootCertificates({ identifier, certificates });
}
