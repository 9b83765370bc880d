import { html } from 'htm/preact';
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
    ${list.error && html`<p class="error" role="alert">${list.error}</p>`}
    ${list.data && list.rows.length === 0 && html`<p>No identity document yet.</p>`}
    <div class="scroll">
      <table>
        <thead>
          <tr>
            <th>User</th>
            <th>Status</th>
            <th>Hash</th>
            <th>Registered</th>
          </tr>
        </thead>
        <tbody>
          ${list.rows.map(
            (d) =>
              html`<tr key=${d.id}>
                <td>${d.user_identifier ?? '—'}</td>
                <td>${d.verification_status}</td>
                <td class="secret"><small>${d.hash}</small></td>
                <td>${d.created_at}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
    ${list.pager}
  </section>`;
}
