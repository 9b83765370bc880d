/**
 * Assurance levels as `acr` values: EN, ES, EX are the svcfication levels 1–3. A passkey with
 * user verification proves level 2 (docs/decisions/oidc.md).
 */
const acrs = ['EN', 'ES', 'EX'] as const;
export type Acr = (typeof acrs)[number];

export const supportedAcrs: string[] = [...acrs];

/** The level an `acr` value proves; 0 for none or an unknown value. */
export const levelOfAcr = (acr: unknown): number => acrs.indexOf(acr as Acr) + 1;

export function acrOfLevel(level: number): Acr {
  return acrs[Math.min(Math.max(level, 1), 3) - 1] ?? 'EN';
}

/**
 * The level `acr_values` asks for: the lowest of the known values it lists (any of them is
 * acceptable to the client); 0 when it names none. Unknown values are ignored (OIDC Core 3.1.2.1:
 * the values are in order of preference and the OP may satisfy any).
 */
export function requiredLevel(acrValues: unknown): number {
  if (typeof acrValues !== 'string') return 0;
  const levels = acrValues
    .split(' ')
    .map(levelOfAcr)
    .filter((level) => level > 0);
  return levels.length ? Math.min(...levels) : 0;
}

/** RFC 8176 `amr` values of what happened. */
export const amrOf = {
  /**
   * A passkey with the user verified (PIN or biometric): multi-factor. Device-bound, its key is
   * hardware-secured (`hwk`); synced (backed up to a cloud keychain), it is not (`swk`).
   */
  passkey: (synced: boolean) => [synced ? 'swk' : 'hwk', 'user', 'mfa'],
  /**
   * The phone's device key (`swk`: an app's key, not known to be hardware-bound), on another
   * channel than the browser (`mca`), plus user presence from level 2 on (`user`; level 3 also
   * matched a document, which RFC 8176 has no value for).
   */
  phone: (level: number) => (level >= 2 ? ['swk', 'mca', 'user'] : ['swk', 'mca']),
};
