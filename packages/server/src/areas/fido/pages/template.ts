import { escapeHtml, renderPage } from '../../../core/http/page.js';
import type { LinkKind } from '../links/link.js';
import type { PageState } from '../links/link-state.js';

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

// Shown by the script where the browser offers passkeys in autofill (conditional mediation).
const autofillField = `<p id="autofill" hidden><label for="username">Your passkey</label><br>
<input id="username" name="username" type="text" autocomplete="username webauthn" placeholder="Pick a saved passkey"></p>
`;

/**
 * The page behind a `user_link`: one Continue button while the link can be used, otherwise the
 * reason it cannot. The script (relative URL, so a path prefix in the link base still works)
 * reads the secret from the fragment. A sign-in page for no particular user also has a username
 * field whose autofill offers the passkeys (see linkState).
 */
export function linkPage(
  kind: LinkKind,
  view: { state: PageState; organizationName?: string | undefined; autofill?: boolean | undefined },
) {
  const heading = view.organizationName ? headings[kind](view.organizationName) : 'Passkey link';
  const ready = view.state === 'ready';
  return renderPage({
    title: heading,
    data: { kind },
    scripts: ready ? ['../assets/ceremony.js'] : [],
    body: `<h1>${escapeHtml(heading)}</h1>
<p id="message" role="status" data-state="${ready ? 'info' : 'error'}">${escapeHtml(messages[view.state](kind))}</p>
${ready && view.autofill ? autofillField : ''}${ready ? '<button id="continue" type="button">Continue</button>' : ''}`,
  });
}
