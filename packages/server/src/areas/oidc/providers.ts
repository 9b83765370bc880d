import type Provider from 'oidc-provider';
import type { OidcDeps, OidcOrganization } from './deps.js';
import { buildProvider, issuerOf } from './provider.js';

interface Entry {
  provider: Provider;
  handle: ReturnType<Provider['callback']>;
  version: string;
  checkedAt: number;
}

/**
 * One provider per organization, made on first use and kept (bounded, oldest out). An entry is
 * checked again after `refreshMs`: a new signing key, another issuer base or new redirect URIs
 * make a new provider (sessions and tokens live in the store, so nothing is lost).
 */
export class Providers {
  private readonly cache = new Map<string, Entry>();

  constructor(
    private readonly deps: OidcDeps,
    private readonly max = 200,
    private readonly refreshMs = 60_000,
  ) {}

  async of(organizationId: string): Promise<Entry | undefined> {
    const cached = this.cache.get(organizationId);
    if (cached && Date.now() - cached.checkedAt < this.refreshMs) return cached;
    const org = await this.deps.fido.organization(organizationId);
    if (!org) return undefined;
    const keys = await this.deps.keys.privateJwks();
    // What the provider is made of: its issuer, keys, and what its pages show (name, URIs).
    const version = JSON.stringify([
      issuerOf(org),
      keys.map((k) => k.kid),
      org.name,
      org.redirectUris,
    ]);
    if (cached?.version === version) {
      cached.checkedAt = Date.now();
      return cached;
    }
    const entry = this.make(org, keys, version);
    this.cache.delete(organizationId);
    if (this.cache.size >= this.max) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(organizationId, entry);
    return entry;
  }

  private make(
    org: OidcOrganization,
    keys: Parameters<typeof buildProvider>[2],
    version: string,
  ): Entry {
    const provider = buildProvider(this.deps, org, keys);
    return { provider, handle: provider.callback(), version, checkedAt: Date.now() };
  }
}
