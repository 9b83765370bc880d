/** How large a free-form JSON value (e.g. `custom_fields`) may be. */
export const jsonBounds = { depth: 16, bytes: 16 * 1024, keys: 256 } as const;

/**
 * Why a free-form JSON value is too large, or null. Values that are stored and later signed and
 * sent in callbacks are bounded, so one customer's input cannot make their processing fail.
 */
export function jsonBoundsProblem(value: unknown): string | null {
  let keys = 0;
  // Walks at most `keys` children and `depth` levels, whatever the input's size.
  const tooDeep = (node: unknown, depth: number): boolean => {
    if (node === null || typeof node !== 'object') return false;
    if (depth >= jsonBounds.depth) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (++keys > jsonBounds.keys) return false;
      if (tooDeep(child, depth + 1)) return true;
    }
    return false;
  };
  if (tooDeep(value, 0)) return `must not nest deeper than ${jsonBounds.depth} levels`;
  if (keys > jsonBounds.keys) return `must not hold more than ${jsonBounds.keys} keys and items`;
  if (Buffer.byteLength(JSON.stringify(value)) > jsonBounds.bytes)
    return `must not exceed ${jsonBounds.bytes} bytes as JSON`;
  return null;
}
