import { fidoDeps } from './areas/fido/deps.js';
import { identityDeps } from './areas/identity/deps.js';
import { identityDirectory } from './areas/identity/directory.js';
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
 * sandbox engine; svcfications and svccodes ask identity about devices and users).
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
  return { site: siteDeps(ctx), sandbox, identity, directory, svcfications, svccodes, fido };
}
