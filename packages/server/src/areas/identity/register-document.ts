import { verifiesDocuments } from '../../core/customers.js';
import { AppError } from '../../core/errors.js';
import type { DevicesTable } from '../../core/store/schema.js';
import { usersBoundTo } from './bindings-repo.js';
import type { IdentityDeps } from './deps.js';
import { replaceDocument } from './documents-repo.js';
import { licenseFields } from './license-fields.js';
import type { IdentityDocument, IdentityDocumentBody, VerificationStatus } from './schemas.js';
import { documentView } from './views.js';

/**
 * Registers a user's document, replacing the previous one. Only the hash, type, status and
 * verification time are stored; with the customer's `verify_identity_documents` the license
 * fields are checked against the agency in memory and then dropped.
 */
export async function registerDocument(
  deps: IdentityDeps,
  customerId: string,
  userId: string,
  body: IdentityDocumentBody,
): Promise<IdentityDocument> {
  let status: VerificationStatus = 'UNVERIFIED';
  if (await verifiesDocuments(deps.db, customerId)) {
    const fields = licenseFields(body);
    status = fields.identification_id ? await deps.checkLicense(fields) : 'UNVERIFIABLE';
  }
  const now = deps.clock.now().toISOString();
  const row = {
    id: deps.ids.uuid(),
    customer_id: customerId,
    user_id: userId,
    hash: body.hash,
    type: 'AAMVA_DRIVERS_LICENSE' as const,
    verification_status: status,
    verified_at: status === 'UNVERIFIED' ? null : now,
    created_at: now,
  };
  await deps.db.transaction().execute(async (tx) => {
    await replaceDocument(tx, row);
    await deps.audit.record(tx, {
      action: 'document.registered',
      customerId,
      targets: { document: row.id, svc_user: userId },
      details: { status },
    });
  });
  return documentView(row);
}

/**
 * The RP registers a document for the user its identifier is bound to (the first such user): the
 * user whose devices answer for the identifier, so a level-3 answer can name the document. An
 * identifier that is only mapped (`POST /user_identifiers`) has no binding: 422.
 */
export async function registerDocumentForIdentifier(
  deps: IdentityDeps,
  customerId: string,
  identifier: string,
  body: IdentityDocumentBody,
): Promise<IdentityDocument> {
  const [userId] = await usersBoundTo(deps.db, customerId, identifier);
  if (!userId)
    throw new AppError(
      'VALIDATION_FAILED',
      'userIdentifier is not bound to any device of this relying party.',
      { userIdentifier: ['is not bound'] },
    );
  return registerDocument(deps, customerId, userId, body);
}

/** A device registers its user's document (the device signed the request with X-Device-Sig). */
export async function registerOwnDocument(
  deps: IdentityDeps,
  customerId: string,
  device: DevicesTable,
  body: IdentityDocumentBody,
): Promise<IdentityDocument> {
  return registerDocument(deps, customerId, device.user_id, body);
}
