import { Type } from '@sinclair/typebox';
import {
  ConsoleCeremony,
  ConsoleCeremonyAnswer,
  ConsoleCustomerList,
  ConsoleHealth,
  ConsoleMetrics,
  ConsoleSession,
  CustomerCredentialKind,
  Delivery,
  ErrorBody,
  Invitation,
  InvitationInput,
  IssuedCredentials,
} from '@svc/wire';
import { errorResponses, IdParams, op } from '../../core/http/schemas.js';

const errors = { ...errorResponses, 401: ErrorBody };
const none = { type: 'null' } as const;

/** Per route: what it takes and answers (routes.ts reads as the table). */
export const route = {
  beginSignIn: {
    ...op('beginConsoleSignIn', 'Session', 'Start a passkey sign-in (WebAuthn request options)'),
    response: { 200: ConsoleCeremony, ...errors },
  },
  finishSignIn: {
    ...op(
      'finishConsoleSignIn',
      'Session',
      'Finish a passkey sign-in: sets the session cookie',
      'Any failure is 401 CONSOLE_SIGN_IN_FAILED; each counts as a failed authentication.',
    ),
    body: ConsoleCeremonyAnswer,
    response: { 200: ConsoleSession, ...errors },
  },
  session: {
    ...op('getConsoleSession', 'Session', 'The signed-in account and its CSRF token'),
    response: { 200: ConsoleSession, ...errors },
  },
  signOut: {
    ...op('endConsoleSession', 'Session', 'Sign out: ends the session'),
    response: { 204: none, ...errors },
  },
  invite: {
    ...op(
      'createConsoleInvitation',
      'Invitations',
      'Invite someone: a single-use link that enrolls their passkey (48 hours)',
      'Operators invite anyone; a customer admin invites admins and viewers of its own customer.',
    ),
    body: InvitationInput,
    response: { 201: Invitation, ...errors },
  },
  beginAcceptance: {
    ...op(
      'beginConsoleInvitation',
      'Invitations',
      'Accept an invitation: WebAuthn creation options',
    ),
    body: Type.Object({ invitation: Type.String({ minLength: 1, maxLength: 200 }) }),
    response: { 200: ConsoleCeremony, ...errors },
  },
  finishAcceptance: {
    ...op(
      'finishConsoleInvitation',
      'Invitations',
      'Finish accepting: registers the passkey, creates the account and signs it in',
    ),
    body: ConsoleCeremonyAnswer,
    response: { 200: ConsoleSession, ...errors },
  },
  customers: {
    ...op(
      'listConsoleCustomers',
      'Operator',
      'Every customer and the kinds of credentials it holds',
    ),
    response: { 200: ConsoleCustomerList, ...errors },
  },
  createCustomer: {
    ...op('createConsoleCustomer', 'Operator', 'Create a customer; its credentials are shown once'),
    body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) }),
    response: { 201: IssuedCredentials, ...errors },
  },
  rotate: {
    ...op(
      'rotateConsoleCredential',
      'Operator',
      "Replace one of a customer's credentials (shown once)",
    ),
    params: Type.Object({ id: IdParams.properties.id, kind: CustomerCredentialKind }),
    response: { 200: IssuedCredentials, ...errors },
  },
  revoke: {
    ...op('revokeConsoleCredential', 'Operator', "Revoke one of a customer's credentials"),
    params: Type.Object({ id: IdParams.properties.id, kind: CustomerCredentialKind }),
    response: { 204: none, ...errors },
  },
  health: {
    ...op('getConsoleHealth', 'Operator', 'Outbox backlog, parked deliveries, push failures'),
    response: { 200: ConsoleHealth, ...errors },
  },
  retry: {
    ...op('retryConsoleDelivery', 'Operator', 'Retry a parked delivery (one more delivery window)'),
    params: IdParams,
    response: { 200: Delivery, ...errors },
  },
  metrics: {
    ...op('getConsoleMetrics', 'Operator', "svc's request counters now, for the charts"),
    response: { 200: ConsoleMetrics, ...errors },
  },
};
