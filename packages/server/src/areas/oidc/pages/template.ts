import { escapeHtml, renderPage } from '../../../core/http/page.js';

/**
 * The sign-in page of an organization's provider: a passkey of the organization's users, or a
 * phone that scans a svccode and accepts a svcfication. The script is referenced relatively (`/oidc/{organization}/interaction/{uid}` →
 * `/oidc/assets/login.js`), so a path prefix in the base still works.
 */
export function loginPage(view: {
  organizationName: string;
  acr?: string | undefined;
  /** False when the client asks for more than a passkey proves: only the phone is offered. */
  passkey: boolean;
}) {
  const heading = `Sign in to ${view.organizationName}`;
  return renderPage({
    title: heading,
    scripts: ['../../assets/login.js'],
    body: `<h1>${escapeHtml(heading)}</h1>
<p id="message" role="status" data-state="info">${
      view.acr ? `The application asks for assurance level ${escapeHtml(view.acr)}. ` : ''
    }Choose how to sign in.</p>
${view.passkey ? '<p><button id="passkey" type="button">Sign in with a passkey</button></p>\n' : ''}<p><button id="phone" type="button">Sign in with your phone</button></p>
<p id="phone-hint" hidden>Scan this code with the app of your phone, then accept the request.</p>
<img id="qr" alt="Sign-in code to scan" hidden>
<p id="code-hint" hidden>Or give the app this code (<code>svc device pair CODE</code>):</p>
<pre id="code" hidden></pre>`,
  });
}

/** When the page cannot be used (expired or unknown sign-in). */
export function staleLoginPage(description: string) {
  return renderPage({
    title: 'Sign-in expired',
    body: `<h1>Sign-in expired</h1><p id="message" data-state="error">${escapeHtml(description)}</p>`,
  });
}
