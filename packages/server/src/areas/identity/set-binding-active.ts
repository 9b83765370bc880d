import { assertThat } from '../../core/errors.js';
import { findBinding, updateBinding } from './bindings-repo.js';
import type { IdentityDeps } from './deps.js';
import { bindingView } from './views.js';

/** Activation sets `activated_at`; deactivation keeps it as the last activation time. */
export async function setBindingActive(
  deps: IdentityDeps,
  customerId: string,
  id: string,
  active: boolean,
) {
  const binding = await findBinding(deps.db, customerId, id);
  assertThat(binding, 'BINDING_NOT_FOUND');
  const changes = {
    active: active ? 1 : 0,
    activated_at: active ? deps.clock.now().toISOString() : binding.activated_at,
  };
  await updateBinding(deps.db, id, changes);
  return bindingView({ ...binding, ...changes });
}
