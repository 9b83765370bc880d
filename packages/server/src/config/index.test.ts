import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.js';

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      bodyLimit: 1_048_576,
      sqliteSynchronous: 'FULL',
      publicUrl: 'http://localhost:8080',
      sandboxNameLength: 40,
    });
  });

  it('reads and converts environment variables', () => {
    const config = loadConfig({
      PORT: '9000',
      SVC_ALLOW_INSECURE_CALLBACKS: '1',
      SVC_SANDBOX_NAME_LENGTHS: '{"VA":35}',
    });
    expect(config).toMatchObject({
      port: 9000,
      allowInsecureCallbacks: true,
      sandboxNameLengths: { VA: 35 },
      publicUrl: 'http://localhost:9000',
    });
  });

  it('names the key and variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/port \(PORT\)/);
    expect(() => loadConfig({ SVC_SQLITE_SYNCHRONOUS: 'OFF' })).toThrow(
      /sqliteSynchronous \(SVC_SQLITE_SYNCHRONOUS\)/,
    );
  });

  it('bounds lifetimes and periods, so that no setting overflows a date or a timer', () => {
    for (const [env, name, largest] of [
      ['SVC_SVCCODE_TTL_SECONDS', 'svccodeTtlSeconds', 86_400],
      ['SVC_SVCFICATION_TTL_SECONDS', 'svcficationTtlSeconds', 2_592_000],
      ['SVC_DEVICE_NONCE_DAYS', 'deviceNonceDays', 3_650],
      ['SVC_CLOCK_SKEW_SECONDS', 'clockSkewSeconds', 86_400],
      ['SVC_SHUTDOWN_TIMEOUT_SECONDS', 'shutdownTimeoutSeconds', 3_600],
    ] as const) {
      expect(loadConfig({ [env]: String(largest) })[name]).toBe(largest);
      for (const bad of [String(largest + 1), '10000000000000'])
        expect(() => loadConfig({ [env]: bad }), env).toThrow(
          `config ${name} (${env}): Expected integer to be less or equal to ${largest}, got ${bad}`,
        );
    }
  });

  it('stops on a FIDO link base that is not an absolute http(s) URL, naming the key', () => {
    expect(loadConfig({ SVC_FIDO_LINK_BASE: 'http://localhost:8080' }).fidoLinkBase).toBe(
      'http://localhost:8080',
    );
    for (const bad of ['localhost:8080', '/fido', 'ftp://files.test'])
      expect(() => loadConfig({ SVC_FIDO_LINK_BASE: bad })).toThrow(
        `config fidoLinkBase (SVC_FIDO_LINK_BASE): must be an absolute http(s) URL, got ${JSON.stringify(bad)}`,
      );
    expect(() => loadConfig({}, { fidoLinkBase: 'nope' })).toThrow(ConfigError);
  });

  it('lists the choices of an enumerated setting', () => {
    expect(() => loadConfig({ SVC_LOG_LEVEL: 'loud' })).toThrow(
      'config logLevel (SVC_LOG_LEVEL): must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    );
    expect(() => loadConfig({ SVC_SMS_PROVIDER: 'pigeon' })).toThrow(
      /smsProvider \(SVC_SMS_PROVIDER\): must be one of log, twilio/,
    );
    expect(() => loadConfig({ SVC_SQLITE_SYNCHRONOUS: 'OFF' })).toThrow(
      /must be one of FULL, NORMAL/,
    );
  });

  it('needs SVC_MASTER_KEY with DATABASE_URL: instances cannot share a key file', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/svc' })).toThrow(
      /^config masterKey \(SVC_MASTER_KEY\): required with DATABASE_URL/,
    );
  });

  it('takes only a postgres:// or postgresql:// DATABASE_URL, without repeating it', () => {
    const key = { SVC_MASTER_KEY: 'a'.repeat(64) };
    for (const url of ['postgres://svc:pw@db/svc', 'postgresql://db/svc'])
      expect(loadConfig({ DATABASE_URL: url, ...key }).databaseUrl).toBe(url);
    for (const bad of ['mysql://svc:pw@db/svc', 'db.internal:5432', 'svc.db']) {
      const error = (() => {
        try {
          loadConfig({ DATABASE_URL: bad, ...key });
        } catch (err) {
          return err as Error;
        }
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect(error?.message).toBe(
        'config databaseUrl (DATABASE_URL): must be a postgres:// or postgresql:// URL',
      );
    }
  });

  it('takes only an absolute http(s) SVC_PUBLIC_URL', () => {
    expect(loadConfig({ SVC_PUBLIC_URL: 'https://id.example.com' }).publicUrl).toBe(
      'https://id.example.com',
    );
    for (const bad of ['id.example.com', '/svc', 'ftp://id.example.com'])
      expect(() => loadConfig({ SVC_PUBLIC_URL: bad })).toThrow(
        `config publicUrl (SVC_PUBLIC_URL): must be an absolute http(s) URL, got ${JSON.stringify(bad)}`,
      );
  });

  it('takes a list of http(s) origins as SVC_AUTHENTICATOR_ORIGINS', () => {
    const list = 'https://a.example, http://localhost:9000';
    expect(loadConfig({ SVC_AUTHENTICATOR_ORIGINS: list }).authenticatorOrigins).toBe(list);
    for (const bad of ['https://a.example/app', 'a.example', 'https://a.example,ftp://b.example'])
      expect(() => loadConfig({ SVC_AUTHENTICATOR_ORIGINS: bad })).toThrow(
        /^config authenticatorOrigins \(SVC_AUTHENTICATOR_ORIGINS\): .* is not an http\(s\) origin/,
      );
  });

  it('lets explicit overrides win', () => {
    expect(loadConfig({ PORT: '9000' }, { port: 1234 }).port).toBe(1234);
  });

  it('reads an optional JSON file; the environment wins over it', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svc-config-')), 'svc.json');
    writeFileSync(file, JSON.stringify({ port: 7000, sandboxNameLength: 30 }));
    expect(loadConfig({ SVC_CONFIG_FILE: file })).toMatchObject({
      port: 7000,
      sandboxNameLength: 30,
    });
    expect(loadConfig({ SVC_CONFIG_FILE: file, PORT: '7001' }).port).toBe(7001);
    writeFileSync(file, '[1]');
    expect(() => loadConfig({ SVC_CONFIG_FILE: file })).toThrow(/SVC_CONFIG_FILE/);
  });

  it('refuses unknown keys in the file, naming them and SVC_CONFIG_FILE', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svc-config-')), 'svc.json');
    writeFileSync(file, JSON.stringify({ port: 7000, prot: 7001, PORT: 7002 }));
    expect(() => loadConfig({ SVC_CONFIG_FILE: file })).toThrow(
      `SVC_CONFIG_FILE ${file}: unknown keys "prot", "PORT"`,
    );
    writeFileSync(file, JSON.stringify({ logLevel: 'loud' }));
    expect(() => loadConfig({ SVC_CONFIG_FILE: file })).toThrow(
      /^config logLevel \(SVC_LOG_LEVEL\): must be one of/,
    );
  });

  it('never repeats a secret value in a message', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'svc-config-')), 'svc.json');
    writeFileSync(file, JSON.stringify({ masterKey: 42, twilioAuthToken: 'tok' }));
    expect(() => loadConfig({ SVC_CONFIG_FILE: file })).toThrow(
      /^config masterKey \(SVC_MASTER_KEY\): Expected string$/,
    );
  });
});
