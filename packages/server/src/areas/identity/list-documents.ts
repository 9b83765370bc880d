import { assertThat } from '../../core/errors.js';
import type { IdentityDeps } from './deps.js';
import { documentsOfUsers, findDocument } from './documents-repo.js';
import type { IdentityDocument } from './schemas.js';
import { usersOfIdentifier } from './users-of-identifier.js';
import { documentView } from './views.js';

/** The documents of every user an RP identifier stands for, newest first. */
export async function documentsOfIdentifier(
  deps: IdentityDeps,
  customerId: string,
  identifier: string,
): Promise<IdentityDocument[]> {
  const users = await usersOfIdentifier(deps.db, customerId, identifier);
  return (await documentsOfUsers(deps.db, customerId, users)).map(documentView);
}

export async function getDocument(
  deps: IdentityDeps,
  customerId: string,
  id: string,
): Promise<IdentityDocument> {
  const row = await findDocument(deps.db, customerId, id);
  assertThat(row, 'DOCUMENT_NOT_FOUND');
  return documentView(row);
}
