import { browserScript } from '../../../core/http/browser-script.js';

/** The sign-in page's script with @simplewebauthn/browser (browser/login.ts). */
export const loginScript = browserScript(
  new URL('../../../../src/areas/oidc/pages/browser/login.ts', import.meta.url),
);
