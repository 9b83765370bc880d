import type { KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml, renderPage, type Page } from '../../core/http/page.js';
import type { OidcOrganization } from './deps.js';

function send(ctx: KoaContextWithOIDC, page: Page): void {
  const { html, headers } = renderPage(page);
  ctx.set(headers);
  ctx.body = html;
}

/** The provider's own pages (errors, sign-out) in svc's look and CSP. */
export function providerPages(org: OidcOrganization) {
  // The sign-out form posts to the provider, which redirects to one of the client's URIs.
  const clientOrigins = [...new Set(org.redirectUris.map((uri) => new URL(uri).origin))];
  return {
    renderError: (ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }) => {
      send(ctx, {
        title: 'Sign-in failed',
        body: `<h1>Sign-in failed</h1>
<p id="message" data-state="error">${escapeHtml(out.error_description ?? out.error)}</p>
<p><code>${escapeHtml(out.error)}</code></p>`,
      });
    },
    logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
      send(ctx, {
        title: `Sign out of ${org.name}`,
        formAction: ["'self'", ...clientOrigins],
        body: `<h1>Sign out of ${escapeHtml(org.name)}?</h1>
${form}
<button form="op.logoutForm" type="submit" name="logout" value="yes">Sign out</button>
<button form="op.logoutForm" type="submit">Stay signed in</button>`,
      });
    },
    postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
      send(ctx, {
        title: 'Signed out',
        body: `<h1>Signed out</h1><p id="message" data-state="success">You are signed out of ${escapeHtml(org.name)}.</p>`,
      });
    },
  };
}
