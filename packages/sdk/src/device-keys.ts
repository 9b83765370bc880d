import type { JWK } from 'jose';

/**
 * A phone's two key pairs: the device key names the device and signs requests; the auth key
 * proves user presence. WebCrypto keys: the private ones may be non-extractable, so that no
 * script can read them, only sign with them.
 */
export interface DeviceKeys {
  device: CryptoKeyPair;
  auth: CryptoKeyPair;
}

/** The keys as private JWKs (RFC 7517), to keep in a file or a key store. */
export interface DeviceKeysJwk {
  device: JWK;
  auth: JWK;
}

export interface KeyOptions {
  /**
   * Whether `exportDeviceKeys` may read the private keys (to write them to a file). Default
   * false: a browser keeps non-extractable keys in IndexedDB (`indexedDbKeyStore`) as they are.
   */
  extractable?: boolean;
}

const ecdsa = (namedCurve: string) => ({ name: 'ECDSA', namedCurve });
/** RS256: what Node's `sign('sha256', …)` made with an RSA key, which devices may register. */
const rsa = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };

/** New P-256 device and auth keys (ES256). */
export async function generateDeviceKeys(options: KeyOptions = {}): Promise<DeviceKeys> {
  const make = () =>
    crypto.subtle.generateKey(ecdsa('P-256'), options.extractable ?? false, ['sign', 'verify']);
  const [device, auth] = await Promise.all([make(), make()]);
  return { device, auth };
}

/** Both private keys as JWKs: whoever holds them is the device, so store them like a password. */
export async function exportDeviceKeys(keys: DeviceKeys): Promise<DeviceKeysJwk> {
  const save = async (name: keyof DeviceKeys): Promise<JWK> => {
    const { privateKey } = keys[name];
    if (!privateKey.extractable)
      throw new Error(`the ${name} key is not extractable: make it with { extractable: true }`);
    return crypto.subtle.exportKey('jwk', privateKey);
  };
  const [device, auth] = await Promise.all([save('device'), save('auth')]);
  return { device, auth };
}

/** The keys `exportDeviceKeys` wrote; throws naming the key that is not a private EC or RSA JWK. */
export async function importDeviceKeys(
  jwks: DeviceKeysJwk,
  options: KeyOptions = {},
): Promise<DeviceKeys> {
  const load = async (name: keyof DeviceKeysJwk): Promise<CryptoKeyPair> => {
    const jwk: unknown = (jwks as Partial<DeviceKeysJwk> | null)?.[name];
    if (typeof jwk !== 'object' || jwk === null || typeof (jwk as JWK).d !== 'string')
      throw new Error(`the ${name} key is not a private JWK`);
    const { kty, crv } = jwk as JWK;
    const algorithm = kty === 'RSA' ? rsa : ecdsa(crv ?? '');
    try {
      const extractable = options.extractable ?? false;
      const [privateKey, publicKey] = await Promise.all([
        crypto.subtle.importKey('jwk', jwk, algorithm, extractable, ['sign']),
        crypto.subtle.importKey('jwk', publicMembers(jwk), algorithm, true, ['verify']),
      ]);
      return { privateKey, publicKey };
    } catch {
      throw new Error(`the ${name} key is not a usable private JWK`);
    }
  };
  const [device, auth] = await Promise.all([load('device'), load('auth')]);
  return { device, auth };
}

/** The public key as registered: its members only (no `key_ops`, `ext` or private parts). */
export async function publicJwk(keys: CryptoKeyPair): Promise<JWK> {
  return publicMembers(await crypto.subtle.exportKey('jwk', keys.publicKey));
}

function publicMembers({ kty, crv, x, y, n, e }: JWK): JWK {
  return Object.fromEntries(
    Object.entries({ kty, crv, x, y, n, e }).filter(([, v]) => v !== undefined),
  );
}
