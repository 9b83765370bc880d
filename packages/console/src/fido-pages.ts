import { html } from 'htm/preact';
import { Problem, Table } from './parts.js';
import { api } from './api.js';
import { usePaged } from './paged.js';
import { useAction, useCall } from './use-call.js';

/** The customer's FIDO users and their passkeys; an admin renames and deletes them. */
export function PasskeysPage({ canWrite }: { canWrite: boolean }) {
  const list = usePaged(async (after) => {
    const page = await api.passkeys({ after });
    return { rows: page.users, next: page.next_cursor };
  });
  const action = useAction();
  const rename = (user: string, credential: string, current: string) => {
    const name = prompt('New name of this passkey', current)?.trim();
    if (name) void action.run(() => api.renamePasskey(user, credential, name), list.reload);
  };
  const remove = (user: string, credential: string) => {
    if (confirm('Delete this passkey? The user cannot sign in with it any more.'))
      void action.run(() => api.deletePasskey(user, credential), list.reload);
  };
  return html`<section>
    <h2>Passkeys</h2>
    <${Problem} error=${list.error ?? action.error} />
    ${list.data && list.rows.length === 0 && html`<p>No FIDO user yet.</p>`}
    <${Table} headings=${['User', 'Passkey', 'Last used', '']}>
          ${list.rows.flatMap((u) =>
            (u.passkeys.length ? u.passkeys : [null]).map(
              (p) =>
                html`<tr key=${u.id + (p?.id ?? '')}>
                  <td>
                    ${u.user_identifier}<br /><small
                      >${u.registered ? 'registered' : 'not registered'}</small
                    >
                  </td>
                  <td>${p ? p.name : '—'}</td>
                  <td>${p?.last_used_at ?? '—'}</td>
                  <td>
                    ${
                      p &&
                      canWrite &&
                      html`<button class="outline" onClick=${() => rename(u.id, p.id, p.name)}>
                          Rename
                        </button>
                        <button class="outline secondary" onClick=${() => remove(u.id, p.id)}>
                          Delete
                        </button>`
                    }
                  </td>
                </tr>`,
            ),
          )}
        </${Table}>
    ${list.pager}
  </section>`;
}

/** The customer's FIDO organization, its redirect URIs and its OpenID client's settings. */
export function FidoPage() {
  const fido = useCall(() => api.fido());
  const org = fido.data?.organization;
  const client = fido.data?.oidc_client;
  return html`<section>
    <h2>FIDO and Sign in with svc</h2>
    <${Problem} error=${fido.error} />
    ${fido.data && !org && html`<p>No FIDO organization yet: create one with the FIDO API.</p>`}
    ${
      org &&
      html`<article>
        <header><strong>${org.name}</strong> (${org.domain_name})</header>
        <p><small>${org.id}</small></p>
        <h3>Redirect URIs</h3>
        ${org.redirect_uris.length === 0 && html`<p>None yet.</p>`}
        <ul>
          ${org.redirect_uris.map((uri) => html`<li key=${uri} class="secret">${uri}</li>`)}
        </ul>
      </article>`
    }
    ${
      client &&
      html`<article>
        <header><strong>OpenID client</strong></header>
        <pre class="secret">${JSON.stringify(client, null, 2)}</pre>
      </article>`
    }
  </section>`;
}
