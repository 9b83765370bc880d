/** Long-poll key: this svccode was paired. */
export const svccodePaired = (id: string) => `svccode-paired:${id}`;
