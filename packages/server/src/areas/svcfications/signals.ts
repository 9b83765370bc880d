/**
 * Long-poll keys: a svcfication changed; a service user's devices may have something new (by
 * user, so that a create wakes the devices it is addressed to, not every device of the customer).
 */
export const signals = {
  changed: (id: string) => `svcfication:${id}`,
  created: (customerId: string, userId: string) => `svcfications-for:${customerId}:${userId}`,
};
