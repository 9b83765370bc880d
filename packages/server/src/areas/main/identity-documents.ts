import { AppError, assertThat } from '../../core/errors.js';
import type { IdentityDocumentsTable } from '../../core/store/schema.js';
import type { MainDeps } from './deps.js';
import { licenseFields } from './license-fields.js';
import type { IdentityDocument, IdentityDocumentBody, VerificationStatus } from './schemas.js';
import { usersOfIdentifier } from './users-repo.js';

function documentView(row: IdentityDocumentsTable): IdentityDocument {
  return {
    id: row.id,
    hash: row.hash,
    type: 'AAMVA_DRIVERS_LICENSE',
    verification_status: row.verification_status,
    verified_at: row.verified_at,
  };
}

/**
 * Registers a user's document, replacing the previous one. Only the hash, type, status and
 * verification time are stored; with the customer's `verify_identity_documents` the license
 * fields are checked against the agency in memory and then dropped.
 */
export async function registerDocument(
  deps: MainDeps,
  customerId: string,
  userId: string,
  body: IdentityDocumentBody,
): Promise<IdentityDocument> {
  const customer = await deps.db
    .selectFrom('customers')
    .select('verify_identity_documents')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  let status: VerificationStatus = 'UNVERIFIED';
  if (customer.verify_identity_documents === 1) {
    const fields = licenseFields(body);
    status = fields.identification_id ? await deps.checkLicense(fields) : 'UNVERIFIABLE';
  }
  const now = deps.clock.now().toISOString();
  const row: IdentityDocumentsTable = {
    id: deps.ids.uuid(),
    customer_id: customerId,
    user_id: userId,
    hash: body.hash,
    type: 'AAMVA_DRIVERS_LICENSE',
    verification_status: status,
    verified_at: status === 'UNVERIFIED' ? null : now,
    created_at: now,
  };
  await deps.db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('identity_documents')
      .where('customer_id', '=', customerId)
      .where('user_id', '=', userId)
      .execute();
    await tx.insertInto('identity_documents').values(row).execute();
  });
  return documentView(row);
}

/** The RP registers a document for the user its identifier is bound to (the first such user). */
export async function registerDocumentForIdentifier(
  deps: MainDeps,
  customerId: string,
  identifier: string,
  body: IdentityDocumentBody,
) {
  const [userId] = await usersOfIdentifier(deps.db, customerId, identifier);
  if (!userId)
    throw new AppError(
      'VALIDATION_FAILED',
      'userIdentifier is not bound to any device of this relying party.',
      { userIdentifier: ['is not bound'] },
    );
  return registerDocument(deps, customerId, userId, body);
}

export async function documentsOfIdentifier(
  deps: MainDeps,
  customerId: string,
  identifier: string,
): Promise<IdentityDocument[]> {
  const users = await usersOfIdentifier(deps.db, customerId, identifier);
  if (users.length === 0) return [];
  const rows = await deps.db
    .selectFrom('identity_documents')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('user_id', 'in', users)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(documentView);
}

export async function getDocument(
  deps: MainDeps,
  customerId: string,
  id: string,
): Promise<IdentityDocument> {
  const row = await deps.db
    .selectFrom('identity_documents')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  assertThat(row, 'DOCUMENT_NOT_FOUND');
  return documentView(row);
}

/** The registered document hashes of a user (level 3 checks these). */
export async function documentHashes(
  deps: Pick<MainDeps, 'db'>,
  customerId: string,
  userId: string,
): Promise<string[]> {
  const rows = await deps.db
    .selectFrom('identity_documents')
    .select('hash')
    .where('customer_id', '=', customerId)
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.hash);
}
