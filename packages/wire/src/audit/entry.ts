import canonicalize from 'canonicalize';
import type { AuditEvent } from '../resources/audit.js';

// The package is CommonJS (`module.exports = serialize`) while its types declare an ES default
// export, which NodeNext resolution reads as a namespace: the import is the function itself.
const jcs = canonicalize as unknown as (input: unknown) => string;

/** A leaf's entry: the event as the API shows it, in RFC 8785 canonical JSON (UTF-8). */
export function auditEntry(event: AuditEvent): Uint8Array {
  return new TextEncoder().encode(jcs(event));
}
