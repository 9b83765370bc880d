import { auditDeps } from './areas/audit/deps.js';
import { consoleDeps } from './areas/console/deps.js';
import { createCustomer } from './areas/customers/create-customer.js';
import { customersDeps } from './areas/customers/deps.js';
import { listCustomers } from './areas/customers/list-customers.js';
import { revokeCredentials } from './areas/customers/revoke-credentials.js';
import { rotateCredentials } from './areas/customers/rotate-credentials.js';
import { ownPasskeys } from './areas/fido/own-organization.js';
import { organizationOfCustomer } from './areas/fido/organizations/get-organization.js';
import { deleteCredential } from './areas/fido/users/delete-credential.js';
import { renameCredential } from './areas/fido/users/rename-credential.js';
import { usersWithPasskeys } from './areas/fido/users/users-with-passkeys.js';
import { getClientSettings } from './areas/oidc/client-settings.js';
import { createEnrollment } from './areas/identity/enrollments/create-enrollment.js';
import { setBindingActive } from './areas/identity/set-binding-active.js';
import { setDeviceActive } from './areas/identity/set-device-active.js';
import { authenticatorDeps } from './areas/authenticator/deps.js';
import { authenticationOptions } from './areas/fido/links/authentication-options.js';
import { beginSignIn } from './areas/fido/links/begin-sign-in.js';
import { fidoDeps } from './areas/fido/deps.js';
import { oidcClient } from './areas/fido/organizations/oidc-client.js';
import { oidcUser } from './areas/fido/users/oidc-user.js';
import { signInOutcome } from './areas/fido/links/sign-in-outcome.js';
import { verifyAuthentication } from './areas/fido/links/verify-authentication.js';
import { identityDeps } from './areas/identity/deps.js';
import { identityDirectory } from './areas/identity/directory.js';
import { enrollmentsDeps } from './areas/identity/enrollments/deps.js';
import { oidcDeps } from './areas/oidc/deps.js';
import { checkPresence } from './areas/presence/check-presence.js';
import { presenceDeps } from './areas/presence/deps.js';
import { pushDeps } from './areas/push/deps.js';
import { setPushChannel } from './areas/push/set-channel.js';
import { wakeDevices } from './areas/push/wake-devices.js';
import { sandboxDeps } from './areas/sandbox/deps.js';
import { siteDeps } from './areas/site/deps.js';
import { licenseStatus } from './areas/sandbox/license-status.js';
import { createSvccode } from './areas/svccodes/create-svccode.js';
import { pairedDevice } from './areas/svccodes/paired-device.js';
import { takePairedSvccode } from './areas/svccodes/take-paired-svccode.js';
import { svccodePaired } from './areas/svccodes/signals.js';
import { svccodesDeps } from './areas/svccodes/deps.js';
import { createSvcfication } from './areas/svcfications/create-svcfication.js';
import { svcficationsDeps } from './areas/svcfications/deps.js';
import { getSvcfication } from './areas/svcfications/get-svcfication.js';
import { signals as svcficationSignals } from './areas/svcfications/signals.js';
import type { Context } from './context.js';
import { AppError } from './core/errors.js';

/**
 * Every area's dependencies, made once from the process context. Areas never import each other:
 * one that builds on another gets what it needs from here (identity checks licenses with the
 * sandbox engine; svcfications and svccodes ask identity about devices and users; new
 * svcfications wake devices through push and check web apps' presence proofs, and enrollments
 * set a push channel; oidc signs in the fido area's
 * users with its passkey ceremony, or with a phone through svccodes and svcfications; the console
 * signs in with passkeys of svc's own FIDO organization and changes customers, devices, bindings
 * and enrollments through their areas, each under the request's audit trail).
 */
export function wireAreas(ctx: Context) {
  const sandbox = sandboxDeps(ctx);
  const identity = identityDeps(ctx, (fields) => licenseStatus(sandbox, fields));
  const directory = identityDirectory(identity);
  const svccodes = svccodesDeps(ctx, directory);
  const push = pushDeps(ctx);
  const presence = presenceDeps(ctx);
  const svcfications = svcficationsDeps(ctx, {
    identity: directory,
    checkPresence: (claim) => checkPresence(presence, claim),
    wakeDevices: (tx, customerId, svcfication) => wakeDevices(push, tx, customerId, svcfication),
    pairedDevice: (customerId, id) => pairedDevice(svccodes, customerId, id),
  });
  const fido = fidoDeps(ctx);
  const oidc = oidcDeps(ctx, {
    fido: {
      organization: (id) => oidcClient(fido, id),
      user: (customerId, key) => oidcUser(fido, customerId, key),
      beginPasskey: (id) => beginSignIn(fido, id),
      passkeyOptions: (id, secret) => authenticationOptions(fido, id, secret),
      verifyPasskey: (id, secret, response) => verifyAuthentication(fido, id, secret, response),
      passkeyOutcome: (id, linkId, response) => signInOutcome(fido, id, linkId, response),
    },
    phone: {
      newSvccode: (customerId) => createSvccode(svccodes, customerId),
      takePairedDevice: (customerId, id) =>
        takePairedSvccode(svccodes, customerId, id).then(
          (taken) => taken.identifier,
          (err: unknown) => {
            // Not paired yet, or taken already: nothing to send.
            if (err instanceof AppError && err.code === 'SVCCODE_NOT_FOUND') return null;
            throw err;
          },
        ),
      ask: async (customerId, { to, level, action, resource, expiresAt }) =>
        (
          await createSvcfication(svcfications, customerId, {
            action,
            resource,
            desired_level: level,
            ...('svccodeId' in to
              ? { svccode_id: to.svccodeId }
              : { user_identifier: to.userIdentifier }),
            ...(expiresAt ? { expires_at: expiresAt } : {}),
          })
        ).id,
      watch: (step, timeoutMs) =>
        ctx.waiters.watch(
          'svcficationId' in step
            ? svcficationSignals.changed(step.svcficationId)
            : svccodePaired(step.svccodeId),
          timeoutMs,
        ),
      answer: async (customerId, id) => {
        const { status, result } = await getSvcfication(svcfications, customerId, id);
        return {
          status,
          level: result?.accepted_level ?? null,
          userIdentifier: result?.bound_user_identifier ?? null,
        };
      },
    },
  });
  const enrollments = enrollmentsDeps(ctx, identity, {
    setPushChannel: (tx, customerId, device, channel) =>
      setPushChannel(push, customerId, device, channel, tx),
  });
  const customers = customersDeps(ctx);
  const consoleArea = consoleDeps(ctx, ownPasskeys(fido), {
    listCustomers: () => listCustomers(ctx.store.db),
    createCustomer: (audit, name) => createCustomer({ ...customers, audit }, { name }),
    rotateCredential: (audit, id, kind) => rotateCredentials({ ...customers, audit }, id, [kind]),
    revokeCredential: (audit, id, kind) => revokeCredentials({ ...customers, audit }, id, [kind]),
    setDeviceActive: (audit, customerId, id, active) =>
      setDeviceActive({ ...identity, audit }, customerId, id, active),
    setBindingActive: (audit, customerId, id, active) =>
      setBindingActive({ ...identity, audit }, customerId, id, active),
    passkeyUsers: (customerId, page) => usersWithPasskeys(fido, customerId, page),
    renamePasskey: (audit, customerId, userId, credentialId, name) =>
      renameCredential({ ...fido, audit }, customerId, userId, credentialId, name),
    deletePasskey: (audit, customerId, userId, credentialId) =>
      deleteCredential({ ...fido, audit }, customerId, userId, credentialId),
    fidoSettings: async (customerId) => {
      const organization = await organizationOfCustomer(fido, customerId);
      const oidcClient = organization
        ? await getClientSettings(oidc, customerId, organization.id)
        : null;
      return { organization, oidc_client: oidcClient };
    },
    createEnrollment: (audit, customerId, userIdentifier) =>
      createEnrollment({ ...enrollments, audit }, customerId, { user_identifier: userIdentifier }),
  });
  return {
    ...{
      site: siteDeps(ctx),
      authenticator: authenticatorDeps(ctx),
      sandbox,
      identity,
      enrollments,
      directory,
    },
    ...{
      svcfications,
      svccodes,
      push,
      presence,
      fido,
      oidc,
      audit: auditDeps(ctx),
      console: consoleArea,
    },
  };
}
