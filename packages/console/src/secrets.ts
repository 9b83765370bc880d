import type { IssuedCredentials } from '@svc/wire/web';
import { html } from 'htm/preact';

/** Credentials as issued, shown once: the page forgets them when it is closed. */
export function IssuedSecrets({
  issued,
  onDone,
}: {
  issued: IssuedCredentials;
  onDone: () => void;
}) {
  const { id, name, ...secrets } = issued;
  return html`<article role="alert">
    <header><strong>Credentials of ${name}</strong> (${id})</header>
    <p>Copy them now: svc keeps only their hashes and shows them this once.</p>
    <pre class="secret">${JSON.stringify(secrets, null, 2)}</pre>
    <button onClick=${onDone}>I have copied them</button>
  </article>`;
}
