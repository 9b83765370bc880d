import { createHash } from 'node:crypto';

/** The one look of svc's pages (landing, docs index, FIDO links, svccode demo). */
const style = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; display: grid; place-items: center; min-height: 100vh; background: #f5f6f8; color: #1c1e21; }
  main { background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 2px 12px rgba(0,0,0,.08); max-width: 30rem; width: calc(100% - 4rem); }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  h2 { font-size: 1.1rem; margin: 1.4rem 0 .4rem; }
  a { color: #1a56db; }
  code, pre { font: 14px/1.4 ui-monospace, monospace; background: #f0f2f5; border-radius: 6px; }
  code { padding: .1rem .3rem; }
  pre { padding: .6rem; white-space: pre-wrap; word-break: break-all; }
  button { font: inherit; font-weight: 600; padding: .7rem 1.6rem; border: 0; border-radius: 8px; background: #1a56db; color: #fff; cursor: pointer; }
  button:disabled { opacity: .6; cursor: default; }
  img { max-width: 100%; image-rendering: pixelated; display: block; margin: 0 auto; }
  [hidden] { display: none !important; }
  [data-state="error"] { color: #b42318; }
  [data-state="success"] { color: #067647; }
`;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface Page {
  title: string;
  /** Trusted HTML (escape every value with escapeHtml). */
  body: string;
  /** Scripts served by svc (same origin). */
  scripts?: string[];
  /** One inline module script, allowed by its hash. */
  inlineScript?: string;
  /** `data-*` attributes of `<main>`, for the page's script. */
  data?: Record<string, string>;
  /**
   * Where the page's forms may go, redirects included (browsers check those too); default none.
   * The OpenID Provider's sign-out form posts to svc, which redirects to the client.
   */
  formAction?: string[];
}

/**
 * An HTML page and the headers it must be sent with: scripts only from svc itself (or the page's
 * own inline script, by hash), requests only back to svc (or to data: URLs, which carry nothing
 * out), images from svc or data: URLs, and never framed (clickjacking).
 */
export function renderPage(page: Page): { html: string; headers: Record<string, string> } {
  const scripts = (page.scripts ?? [])
    .map((src) => `<script src="${escapeHtml(src)}" defer></script>`)
    .concat(page.inlineScript ? [`<script type="module">${page.inlineScript}</script>`] : [])
    .join('\n');
  const scriptSource = ["'self'", ...(page.inlineScript ? [hash(page.inlineScript)] : [])];
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>${style}</style>
${scripts}
</head>
<body>
<main${Object.entries(page.data ?? {})
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('')}>
${page.body}
</main>
</body>
</html>
`;
  const headers = {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; script-src ${scriptSource.join(' ')}; connect-src 'self' data:; img-src 'self' data:; style-src ${hash(style)}; base-uri 'none'; form-action ${page.formAction?.join(' ') ?? "'none'"}; frame-ancestors 'none'`,
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
  return { html, headers };
}

/** The one `<style>` Swagger UI writes itself: the colours of its logo in the top bar. */
const swaggerLogoStyle = '.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}';

/**
 * The API reference pages (Swagger UI, `/docs/{name}`: @fastify/swagger-ui's page, scripts and
 * styles, all served by svc): everything from svc itself (and the logo's style, by hash), images
 * also from data: URLs (its icons), requests only back to svc ("Try it out"), and never framed.
 */
export const referencePageHeaders = {
  csp: `default-src 'none'; script-src 'self'; style-src 'self' ${hash(swaggerLogoStyle)}; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  page: { 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' },
} as const;
