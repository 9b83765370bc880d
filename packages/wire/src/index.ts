// What svc and its clients must agree on, for Node.js: the server imports it. @svc/sdk imports
// the same formats from web.ts (`@svc/wire/web`), which needs nothing from Node.
export * from './string-to-sign.js';
export * from './hmac.js';
export * from './device-sig.js';
export * from './payloads.js';
export * from './presence.js';
export * from './base64.js';
export * from './resources/errors.js';
export * from './resources/identity.js';
export * from './resources/svcfications.js';
export * from './resources/svccodes.js';
export * from './resources/enrollments.js';
export * from './resources/push.js';
export * from './resources/presence.js';
export * from './resources/sandbox.js';
export * from './resources/name.js';
export * from './resources/fido.js';
export * from './resources/fido-pages.js';
export * from './resources/fido-credentials.js';
export * from './callbacks.js';
export * from './resources/audit.js';
export * from './resources/console.js';
export * from './audit/index.js';
