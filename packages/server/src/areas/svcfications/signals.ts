/** Long-poll keys: a svcfication changed; a customer's devices may have something new. */
export const signals = {
  changed: (id: string) => `svcfication:${id}`,
  created: (customerId: string) => `svcfications-of:${customerId}`,
};
