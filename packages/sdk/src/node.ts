// `@svc/sdk/node`: what needs Node.js. The main entry runs on WebCrypto alone, in browsers as in
// Node; this one adds a key store in a file and EC keys as `node:crypto` KeyObjects.
export { fileKeyStore } from './file-key-store.js';
export { generateEcKey } from './ec-key.js';
