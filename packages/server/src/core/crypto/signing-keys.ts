import {
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  type JWK,
  type JWTPayload,
  type CryptoKey,
} from 'jose';
import type { Clock } from '../clock.js';
import type { Ids } from '../ids.js';
import type { Db } from '../store/index.js';
import type { SecretBox } from './secret-box.js';

const alg = 'ES256';
/** What OpenID Connect clients may ask ID tokens in (Discovery 1.0 §3 requires RS256). */
type Alg = typeof alg | 'RS256';
const algOf = (publicJwk: string): Alg => (JSON.parse(publicJwk) as { alg?: Alg }).alg ?? alg;

export interface SignOptions {
  subject?: string;
  expiresInSeconds?: number;
  /** Further protected header parameters (a callback's binding); never `alg`, `kid` or `typ`. */
  header?: object;
}

/**
 * The service's ES256 signing keys: device JWTs and callback JWTs are signed with the newest, and
 * `/jwks` lists every key, so tokens signed before a rotation still verify. Beside them, once the
 * OpenID Provider first asks, RS256 keys (ID tokens of clients that ask for RS256), rotated with
 * the others.
 */
export class SigningKeys {
  private current: { kid: string; key: CryptoKey; loadedAt: number } | null = null;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly ids: Ids,
    /** How long the signer trusts its cached key before looking for a rotation by the CLI. */
    private readonly refreshMs = 60_000,
  ) {}

  /** Adds a new key (and a new RS256 key when there are RS256 keys); it signs from now on. */
  async rotate(): Promise<string> {
    const rows = await this.db.selectFrom('signing_keys').select('public_jwk').execute();
    if (rows.some((r) => algOf(r.public_jwk) === 'RS256')) await this.add('RS256');
    return this.add(alg);
  }

  private async add(keyAlg: Alg): Promise<string> {
    const { privateKey, publicKey } = await generateKeyPair(keyAlg, { extractable: true });
    const kid = this.ids.random(12);
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: keyAlg, use: 'sig' };
    // The newest key signs: make "newest" strict even when two rotations share a millisecond.
    const latest = await this.db
      .selectFrom('signing_keys')
      .select('created_at')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    const now = this.clock.now().getTime();
    const createdAt = new Date(
      latest ? Math.max(now, new Date(latest.created_at).getTime() + 1) : now,
    ).toISOString();
    await this.db
      .insertInto('signing_keys')
      .values({
        kid,
        private_sealed: this.box.seal(JSON.stringify(await exportJWK(privateKey))),
        public_jwk: JSON.stringify(publicJwk),
        created_at: createdAt,
      })
      .execute();
    this.current = null;
    return kid;
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    const rows = await this.db
      .selectFrom('signing_keys')
      .select('public_jwk')
      .orderBy('created_at', 'desc')
      .orderBy('kid')
      .execute();
    return { keys: rows.map((r) => JSON.parse(r.public_jwk) as JWK) };
  }

  /**
   * Every key with its private part, newest first (the newest signs): the OpenID Provider signs
   * ID tokens with these keys and publishes their public halves in its own `jwks_uri`.
   */
  async privateJwks(): Promise<JWK[]> {
    await this.signer(); // makes the first key on a fresh store
    let rows = await this.rows();
    if (!rows.some((r) => algOf(r.public_jwk) === 'RS256')) {
      await this.add('RS256');
      rows = await this.rows();
    }
    return rows.map((r) => ({
      ...(JSON.parse(this.box.open(r.private_sealed)) as JWK),
      kid: r.kid,
      alg: algOf(r.public_jwk),
      use: 'sig',
    }));
  }

  private rows() {
    return this.db
      .selectFrom('signing_keys')
      .select(['kid', 'private_sealed', 'public_jwk'])
      .orderBy('created_at', 'desc')
      .orderBy('kid')
      .execute();
  }

  async sign(claims: JWTPayload, options: SignOptions = {}): Promise<string> {
    return (await this.prepare())(claims, options);
  }

  /**
   * Loads the current key now and returns a signer that never touches the store: use it inside a
   * transaction (SQLite has one connection, which the transaction holds).
   */
  async prepare(): Promise<(claims: JWTPayload, options?: SignOptions) => Promise<string>> {
    const { kid, key } = await this.signer();
    return (claims, options = {}) => {
      const now = Math.floor(this.clock.now().getTime() / 1000);
      const header = { ...options.header, alg, kid, typ: 'JWT' };
      const jwt = new SignJWT(claims).setProtectedHeader(header).setIssuedAt(now);
      if (options.subject) jwt.setSubject(options.subject);
      if (options.expiresInSeconds) jwt.setExpirationTime(now + options.expiresInSeconds);
      return jwt.sign(key);
    };
  }

  private async signer(): Promise<{ kid: string; key: CryptoKey }> {
    if (this.current && Date.now() - this.current.loadedAt < this.refreshMs) return this.current;
    // The newest ES256 key (a handful of rows: the RS256 ones are skipped here).
    const newest = async () => (await this.rows()).find((r) => algOf(r.public_jwk) === alg);
    let row = await newest();
    if (!row) {
      await this.add(alg);
      row = await newest();
      if (!row) throw new Error('no signing key after adding one');
    }
    const key = (await importJWK(
      JSON.parse(this.box.open(row.private_sealed)) as JWK,
      alg,
    )) as CryptoKey;
    this.current = { kid: row.kid, key, loadedAt: Date.now() };
    return this.current;
  }
}
