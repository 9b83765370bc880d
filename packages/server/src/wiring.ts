import { beginSignIn } from './areas/fido/begin-sign-in.js';
import { fidoDeps } from './areas/fido/deps.js';
import { oidcClient } from './areas/fido/oidc-client.js';
import { oidcUser } from './areas/fido/oidc-user.js';
import { signInOutcome } from './areas/fido/sign-in-outcome.js';
import { identityDeps } from './areas/identity/deps.js';
import { identityDirectory } from './areas/identity/directory.js';
import { oidcDeps } from './areas/oidc/deps.js';
import { sandboxDeps } from './areas/sandbox/deps.js';
import { siteDeps } from './areas/site/deps.js';
import { licenseStatus } from './areas/sandbox/license-status.js';
import { pairedDevice } from './areas/svccodes/paired-device.js';
import { svccodesDeps } from './areas/svccodes/deps.js';
import { svcficationsDeps } from './areas/svcfications/deps.js';
import type { Context } from './context.js';

/**
 * Every area's dependencies, made once from the process context. Areas never import each other:
 * one that builds on another gets what it needs from here (identity checks licenses with the
 * sandbox engine; svcfications and svccodes ask identity about devices and users; oidc signs in the fido area's
 * users with its passkey ceremony).
 */
export function wireAreas(ctx: Context) {
  const sandbox = sandboxDeps(ctx);
  const identity = identityDeps(ctx, (fields) => licenseStatus(sandbox, fields));
  const directory = identityDirectory(identity);
  const svccodes = svccodesDeps(ctx, directory);
  const svcfications = svcficationsDeps(ctx, {
    identity: directory,
    pairedDevice: (customerId, id) => pairedDevice(svccodes, customerId, id),
  });
  const fido = fidoDeps(ctx);
  const oidc = oidcDeps(ctx, {
    fido: {
      organization: (id) => oidcClient(fido, id),
      user: (customerId, key) => oidcUser(fido, customerId, key),
      beginPasskey: (id) => beginSignIn(fido, id),
      passkeyOutcome: (id, linkId) => signInOutcome(fido, id, linkId),
    },
  });
  return { site: siteDeps(ctx), sandbox, identity, directory, svcfications, svccodes, fido, oidc };
}
