import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Context } from '../../context.js';

/** Where the built web app is: the `@svc/authenticator` workspace package's dist/. */
export interface AuthenticatorDeps {
  dist: string;
}

export function authenticatorDeps(_ctx: Context): AuthenticatorDeps {
  const manifest = createRequire(import.meta.url).resolve('@svc/authenticator/package.json');
  return { dist: join(dirname(manifest), 'dist') };
}
