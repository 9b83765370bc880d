import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { fromEnv, originProblem, originsOf, schemaProblem } from './values.js';
import type { KeyDefinition } from './key-definition.js';
import { auditKeys } from './audit-keys.js';
import { connectionKeys } from './connection-keys.js';
import { limitKeys } from './limit-keys.js';
import { pushKeys } from './push-keys.js';

/**
 * Every setting of the service: one schema, a line of doc per key, defaults here and nowhere else.
 * Values come from the environment (SVC_* names below) and, optionally, a JSON file named by
 * SVC_CONFIG_FILE whose keys are the camelCase names. The environment wins over the file.
 */
const keys = {
  port: {
    env: 'PORT',
    doc: 'TCP port to listen on',
    schema: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  },
  host: {
    env: 'HOST',
    doc: 'address to listen on',
    schema: Type.String({ minLength: 1, default: '127.0.0.1' }),
  },
  dataDir: {
    env: 'SVC_DATA_DIR',
    doc: 'directory for the SQLite file and the generated master key',
    schema: Type.String({ minLength: 1, default: './data' }),
  },
  databaseUrl: {
    env: 'DATABASE_URL',
    doc: 'postgres://… to use PostgreSQL instead of SQLite',
    schema: Type.String({ default: '' }),
    check: (value: string) =>
      value === '' || /^postgres(ql)?:$/.test(protocolOf(value))
        ? null
        : 'must be a postgres:// or postgresql:// URL',
    secret: true,
  },
  publicUrl: {
    env: 'SVC_PUBLIC_URL',
    doc: 'public base URL of the service, named in the OpenAPI documents (default http://localhost:PORT)',
    schema: Type.String({ default: '' }),
    check: (value: string) => (value === '' ? null : httpUrlProblem(value)),
  },
  authenticatorOrigins: {
    env: 'SVC_AUTHENTICATOR_ORIGINS',
    doc: "origins of other svc servers whose svc Authenticator may hold this server's accounts (their level-2 proofs are made there), separated by commas; this server's own is always accepted",
    schema: Type.String({ default: '', maxLength: 2000 }),
    check: (value: string) => originsOf(value).map(originProblem).find(Boolean) ?? null,
  },
  masterKey: {
    env: 'SVC_MASTER_KEY',
    doc: '32-byte key (base64 or hex) encrypting HMAC secrets at rest; default: key file in the data dir',
    schema: Type.String({ default: '' }),
    secret: true,
  },
  trustProxy: {
    env: 'SVC_TRUST_PROXY',
    doc: "which proxies' X-Forwarded-For names the client (for per-address limits and logs): empty (none: the socket's address is the client), `true` (any proxy), or the proxies' addresses/CIDRs separated by commas",
    schema: Type.String({ default: '', maxLength: 2000 }),
  },
  bodyLimit: {
    env: 'SVC_BODY_LIMIT',
    doc: 'largest accepted request body in bytes',
    schema: Type.Integer({ minimum: 1024, default: 1_048_576 }),
  },
  logLevel: {
    env: 'SVC_LOG_LEVEL',
    doc: 'pino log level',
    schema: Type.Union(
      [
        Type.Literal('fatal'),
        Type.Literal('error'),
        Type.Literal('warn'),
        Type.Literal('info'),
        Type.Literal('debug'),
        Type.Literal('trace'),
        Type.Literal('silent'),
      ],
      { default: 'info' },
    ),
  },
  sqliteSynchronous: {
    env: 'SVC_SQLITE_SYNCHRONOUS',
    doc: 'FULL: every commit survives power loss; NORMAL: survives a process crash, may lose the last commits on power loss',
    schema: Type.Union([Type.Literal('FULL'), Type.Literal('NORMAL')], { default: 'FULL' }),
  },
  deviceNonceDays: {
    env: 'SVC_DEVICE_NONCE_DAYS',
    doc: 'how long X-Device-Sig nonces are remembered (a seen header is refused for this long; at most 10 years)',
    schema: Type.Integer({ minimum: 1, maximum: 3_650, default: 30 }),
  },
  clockSkewSeconds: {
    env: 'SVC_CLOCK_SKEW_SECONDS',
    doc: 'allowed distance of a signed Date from the server clock (at most a day)',
    schema: Type.Integer({ minimum: 1, maximum: 86_400, default: 300 }),
  },
  rateLimitWindowSeconds: {
    env: 'SVC_RATE_LIMIT_WINDOW_SECONDS',
    doc: 'the window the request limits count in (429 with Retry-After beyond a limit); limits are per instance',
    schema: Type.Integer({ minimum: 1, default: 60 }),
  },
  rateLimitPerAddress: {
    env: 'SVC_RATE_LIMIT_PER_ADDRESS',
    doc: 'requests per window from one client address (0: no limit)',
    schema: Type.Integer({ minimum: 0, default: 600_000 }),
  },
  rateLimitPerCredential: {
    env: 'SVC_RATE_LIMIT_PER_CREDENTIAL',
    doc: "requests per window with one customer's credential of one kind (0: no limit)",
    schema: Type.Integer({ minimum: 0, default: 600_000 }),
  },
  rateLimitContendedPerSecond: {
    env: 'SVC_RATE_LIMIT_CONTENDED_PER_SECOND',
    doc: 'answers per second one customer gets while other customers are served too; beyond it its answers wait their turn, so a flood cannot crowd others out (0: off)',
    schema: Type.Integer({ minimum: 0, default: 5000 }),
  },
  rateLimitAuthFailuresPerAddress: {
    env: 'SVC_RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS',
    doc: '401/403 answers (and refused OpenID grants) per window to one client address; its further failures are refused (0: no limit)',
    schema: Type.Integer({ minimum: 0, default: 300 }),
  },
  rateLimitAuthFailuresPerToken: {
    env: 'SVC_RATE_LIMIT_AUTH_FAILURES_PER_TOKEN',
    doc: '401/403 answers per window to one presented token (or wrong secrets for one FIDO link) before its failures are refused (0: no limit)',
    schema: Type.Integer({ minimum: 0, default: 100 }),
  },
  shutdownTimeoutSeconds: {
    env: 'SVC_SHUTDOWN_TIMEOUT_SECONDS',
    doc: 'on SIGTERM/SIGINT, how long in-flight requests may take before the process exits anyway (at most an hour)',
    schema: Type.Integer({ minimum: 1, maximum: 3_600, default: 10 }),
  },
  sandboxNameLength: {
    env: 'SVC_SANDBOX_NAME_LENGTH',
    doc: 'default agency name field length for sandbox truncation',
    schema: Type.Integer({ minimum: 1, default: 40 }),
  },
  sandboxNameLengths: {
    env: 'SVC_SANDBOX_NAME_LENGTHS',
    doc: 'per-jurisdiction name field lengths as JSON, e.g. {"VA":35}',
    schema: Type.Record(Type.String({ pattern: '^[A-Z]{2}$' }), Type.Integer({ minimum: 1 }), {
      default: {},
    }),
  },
  allowInsecureCallbacks: {
    env: 'SVC_ALLOW_INSECURE_CALLBACKS',
    doc: 'allow http:// and loopback/private callback URLs (tests, local use)',
    schema: Type.Boolean({ default: false }),
  },
  outboxRetryBaseMs: {
    env: 'SVC_OUTBOX_RETRY_BASE_MS',
    doc: 'first retry delay of a failed callback or SMS; doubles per attempt for 24 h',
    schema: Type.Integer({ minimum: 1, default: 2000 }),
  },
  svcficationTtlSeconds: {
    env: 'SVC_SVCFICATION_TTL_SECONDS',
    doc: 'default lifetime of a svcfication (at most 30 days)',
    schema: Type.Integer({ minimum: 1, maximum: 2_592_000, default: 90 }),
  },
  svccodeTtlSeconds: {
    env: 'SVC_SVCCODE_TTL_SECONDS',
    doc: 'lifetime of a svccode payload (at most a day)',
    schema: Type.Integer({ minimum: 1, maximum: 86_400, default: 300 }),
  },
  fidoLinkBase: {
    env: 'SVC_FIDO_LINK_BASE',
    doc: 'replaces https://{domain_name} in FIDO user links (local use)',
    schema: Type.String({ default: '' }),
    // It is also the origin WebAuthn responses must come from, so it must parse as one.
    check: (value: string) => (value === '' ? null : httpUrlProblem(value)),
  },
  fidoAttestationRoots: {
    env: 'SVC_FIDO_ATTESTATION_ROOTS',
    doc: 'PEM bundle of attestation trust anchors; with it, organizations that verify attestation statements need a chain to one of them',
    schema: Type.String({ default: '' }),
  },
  smsProvider: {
    env: 'SVC_SMS_PROVIDER',
    doc: 'log (stored and printed) or twilio',
    schema: Type.Union([Type.Literal('log'), Type.Literal('twilio')], { default: 'log' }),
  },
  twilioAccountSid: {
    env: 'TWILIO_ACCOUNT_SID',
    doc: 'Twilio account SID (smsProvider twilio)',
    schema: Type.String({ default: '' }),
  },
  twilioAuthToken: {
    env: 'TWILIO_AUTH_TOKEN',
    doc: 'Twilio auth token (smsProvider twilio)',
    schema: Type.String({ default: '' }),
    secret: true,
  },
  twilioFrom: {
    env: 'TWILIO_FROM',
    doc: 'Twilio sender number (smsProvider twilio)',
    schema: Type.String({ default: '' }),
  },
  ...limitKeys,
  ...connectionKeys,
  ...pushKeys,
  ...auditKeys,
} as const satisfies Record<string, KeyDefinition>;

type Keys = typeof keys;
export type Config = { -readonly [K in keyof Keys]: Static<Keys[K]['schema']> };
export const configKeys: Readonly<Record<string, KeyDefinition>> = keys;

function protocolOf(value: string): string {
  try {
    return new URL(value).protocol;
  } catch {
    return '';
  }
}

function httpUrlProblem(value: string): string | null {
  return /^https?:$/.test(protocolOf(value)) ? null : 'must be an absolute http(s) URL';
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function readFile(path: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('not a JSON object');
    const unknown = Object.keys(parsed).filter((name) => !Object.hasOwn(configKeys, name));
    if (unknown.length > 0)
      throw new Error(
        `unknown ${unknown.length === 1 ? 'key' : 'keys'} ${unknown.map((k) => JSON.stringify(k)).join(', ')}` +
          ' (the keys are the camelCase names of the settings)',
      );
    return parsed as Record<string, unknown>;
  } catch (err) {
    throw new ConfigError(`SVC_CONFIG_FILE ${path}: ${(err as Error).message}`);
  }
}

/** Loads and validates the configuration; an error names the offending key and its variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const file = env.SVC_CONFIG_FILE ? readFile(env.SVC_CONFIG_FILE) : {};
  const out: Record<string, unknown> = {};
  for (const [name, key] of Object.entries(configKeys)) {
    const raw = env[key.env];
    let value =
      name in overrides
        ? overrides[name as keyof Config]
        : raw !== undefined
          ? fromEnv(raw, key.schema)
          : file[name];
    if (value === undefined) value = Value.Default(key.schema, undefined);
    const problem = Value.Check(key.schema, value)
      ? key.check?.(value as never)
      : schemaProblem(key.schema, value);
    if (problem)
      throw new ConfigError(
        `config ${name} (${key.env}): ${problem}` +
          (key.secret ? '' : `, got ${JSON.stringify(value)}`),
      );
    out[name] = value;
  }
  const config = out as Config;
  // Instances over one database must share the key: a key file in each data dir cannot be shared.
  if (config.databaseUrl && !config.masterKey)
    throw new ConfigError(
      'config masterKey (SVC_MASTER_KEY): required with DATABASE_URL (every instance must use the same key)',
    );
  return {
    ...config,
    dataDir: resolve(config.dataDir),
    publicUrl: config.publicUrl || `http://localhost:${config.port}`,
  };
}

export function sqlitePath(config: Config): string {
  return join(config.dataDir, 'svc.db');
}
