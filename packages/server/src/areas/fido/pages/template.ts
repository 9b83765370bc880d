import { createHash } from 'node:crypto';
import type { LinkKind } from '../link.js';
import type { PageState } from '../link-state.js';

const style = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; display: grid; place-items: center; min-height: 100vh; background: #f5f6f8; color: #1c1e21; }
  main { background: #fff; padding: 2rem; border-radius: 12px; box-shadow: 0 2px 12px rgba(0,0,0,.08); max-width: 26rem; width: calc(100% - 4rem); }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  button { font: inherit; font-weight: 600; padding: .7rem 1.6rem; border: 0; border-radius: 8px; background: #1a56db; color: #fff; cursor: pointer; }
  button:disabled { opacity: .6; cursor: default; }
  [data-state="error"] { color: #b42318; }
  [data-state="success"] { color: #067647; }
`;

/** CSP hash of the one inline style block, so the page needs no 'unsafe-inline'. */
const styleSource = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;

/** Scripts only from svc itself, requests only back to it, and never framed (clickjacking). */
export const pageHeaders = {
  'content-security-policy': `default-src 'none'; script-src 'self'; connect-src 'self'; style-src ${styleSource}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const headings: Record<LinkKind, (org: string) => string> = {
  registrations: (org) => `Register a passkey for ${org}`,
  authentications: (org) => `Sign in to ${org}`,
};

const messages: Record<PageState, (kind: LinkKind) => string> = {
  ready: (kind) =>
    kind === 'registrations'
      ? 'Press Continue and follow your browser\u2019s prompt to create a passkey.'
      : 'Press Continue and use your passkey to sign in.',
  used: () => 'This link has already been used. Ask for a new link.',
  expired: () => 'This link has expired. Ask for a new link.',
  invalid: () => 'This link is not valid.',
};

/**
 * The page behind a `user_link`: one Continue button while the link can be used, otherwise the
 * reason it cannot. The script (relative URL, so a path prefix in the link base still works)
 * reads the secret from the fragment.
 */
export function renderPage(
  kind: LinkKind,
  view: { state: PageState; organizationName?: string | undefined },
): string {
  const heading = view.organizationName ? headings[kind](view.organizationName) : 'Passkey link';
  const ready = view.state === 'ready';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(heading)}</title>
<style>${style}</style>
${ready ? '<script src="../assets/ceremony.js" defer></script>' : ''}
</head>
<body data-kind="${kind}">
<main>
<h1>${escape(heading)}</h1>
<p id="message" role="status" data-state="${ready ? 'info' : 'error'}">${escape(messages[view.state](kind))}</p>
${ready ? '<button id="continue" type="button">Continue</button>' : ''}
</main>
</body>
</html>
`;
}
