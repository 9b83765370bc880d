import { html } from 'htm/preact';
import { Problem, Table } from './parts.js';
import { api } from './api.js';
import { usePaged } from './paged.js';

/** The customer's identity documents: svc keeps only their hash and status, so that is all. */
export function DocumentsPage() {
  const list = usePaged(async (after) => {
    const page = await api.documents({ after });
    return { rows: page.documents, next: page.next_cursor };
  });
  return html`<section>
    <h2>Identity documents</h2>
    <p>svc keeps a document's hash and verification status, never its fields.</p>
    <${Problem} error=${list.error} />
    ${list.data && list.rows.length === 0 && html`<p>No identity document yet.</p>`}
    <${Table} headings=${['User', 'Status', 'Hash', 'Registered']}>
          ${list.rows.map(
            (d) =>
              html`<tr key=${d.id}>
                <td>${d.user_identifier ?? '—'}</td>
                <td>${d.verification_status}</td>
                <td class="secret"><small>${d.hash}</small></td>
                <td>${d.created_at}</td>
              </tr>`,
          )}
        </${Table}>
    ${list.pager}
  </section>`;
}
