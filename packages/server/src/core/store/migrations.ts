import type { Migration } from 'kysely';
import { migration as m0001 } from './migrations/0001_foundation.js';
import { migration as m0002 } from './migrations/0002_main_identity.js';
import { migration as m0003 } from './migrations/0003_fido.js';
import { migration as m0004 } from './migrations/0004_svcfications_svccodes.js';
import { migration as m0005 } from './migrations/0005_fido_link_expiry.js';
import { migration as m0006 } from './migrations/0006_key_check.js';
import { migration as m0007 } from './migrations/0007_fido_domain.js';
import { migration as m0008 } from './migrations/0008_idempotency.js';
import { migration as m0009 } from './migrations/0009_oidc.js';
import { migration as m0010 } from './migrations/0010_open_svcfications.js';
import { migration as m0011 } from './migrations/0011_push_safety.js';
import { migration as m0012 } from './migrations/0012_fatigue_indexes.js';
import { migration as m0013 } from './migrations/0013_oidc_payload_owner.js';
import { migration as m0014 } from './migrations/0014_one_document_per_user.js';
import { migration as m0015 } from './migrations/0015_outbox_customer.js';
import { migration as m0016 } from './migrations/0016_rate_limits.js';
import { migration as m0017 } from './migrations/0017_enrollments.js';
import { migration as m0018 } from './migrations/0018_push_channels.js';
import { migration as m0019 } from './migrations/0019_oidc_clients.js';
import { migration as m0022 } from './migrations/0022_presence_credentials.js';
import { migration as m0023 } from './migrations/0023_enrollment_replaces.js';
import { migration as m0024 } from './migrations/0024_oidc_ciba.js';
import { migration as m0025 } from './migrations/0025_audit.js';
import { migration as m0026 } from './migrations/0026_console.js';
import { migration as m0027 } from './migrations/0027_svccode_expiry.js';

/**
 * The one migration list, for SQLite and PostgreSQL alike: only portable column types (text,
 * integer) and the schema builder, never dialect SQL. Append a file; never edit a shipped one.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_main_identity': m0002,
  '0003_fido': m0003,
  '0004_svcfications_svccodes': m0004,
  '0005_fido_link_expiry': m0005,
  '0006_key_check': m0006,
  '0007_fido_domain': m0007,
  '0008_idempotency': m0008,
  '0009_oidc': m0009,
  '0010_open_svcfications': m0010,
  '0011_push_safety': m0011,
  '0012_fatigue_indexes': m0012,
  '0013_oidc_payload_owner': m0013,
  '0014_one_document_per_user': m0014,
  '0015_outbox_customer': m0015,
  '0016_rate_limits': m0016,
  '0017_enrollments': m0017,
  '0018_push_channels': m0018,
  '0019_oidc_clients': m0019,
  '0022_presence_credentials': m0022,
  '0023_enrollment_replaces': m0023,
  '0024_oidc_ciba': m0024,
  '0025_audit': m0025,
  '0026_console': m0026,
  '0027_svccode_expiry': m0027,
};
