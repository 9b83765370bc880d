import { FormatRegistry } from '@sinclair/typebox';
import {
  ErrorBody,
  ErrorWithFieldsBody,
  SandboxVerification,
  SandboxVerificationRequest,
} from '@svc/wire';
import { op } from '../../core/http/schemas.js';
import { isDate8 } from '../../core/http/validation.js';

export { Aamva } from '@svc/wire';

// The HTTP layer validates with Ajv; the records import (CLI) checks the same schema with TypeBox.
if (!FormatRegistry.Has('date8')) FormatRegistry.Set('date8', isDate8);

/** Per route: what it takes and answers (routes.ts reads as the table). */
export const route = {
  verify: {
    ...op('verifyLicense', 'Verification', "Verify driver's-license data"),
    body: SandboxVerificationRequest,
    response: { 200: SandboxVerification, 401: ErrorBody, 422: ErrorWithFieldsBody },
  },
};
