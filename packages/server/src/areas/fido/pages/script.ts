import { browserScript } from '../../../core/http/browser-script.js';

/** The page script with @simplewebauthn/browser (browser/ceremony.ts). */
export const ceremonyScript = browserScript(
  new URL('../../../../src/areas/fido/pages/browser/ceremony.ts', import.meta.url),
);
