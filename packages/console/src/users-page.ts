import type { CreatedEnrollment } from '@svc/wire/web';
import { useState } from 'preact/hooks';
import { api } from './api.js';
import { html } from 'htm/preact';
import { Problem, Table } from './parts.js';
import { usePaged } from './paged.js';
import { useAction } from './use-call.js';

/** An enrollment link for a user, and its QR code for the phone's camera. */
function Enroll({ onDone }: { onDone: () => void }) {
  const action = useAction();
  const [user, setUser] = useState('');
  const [made, setMade] = useState<CreatedEnrollment | null>(null);
  const submit = (event: Event) => {
    event.preventDefault();
    void action.run(async () => setMade(await api.createEnrollment(user)), onDone);
  };
  return html`<details>
    <summary>Enroll a phone for a user</summary>
    <form onSubmit=${submit}>
      <fieldset role="group">
        <input
          aria-label="User identifier"
          placeholder="User identifier"
          required
          maxlength="255"
          value=${user}
          onInput=${(e: Event) => setUser((e.target as HTMLInputElement).value)}
        />
        <button type="submit" aria-busy=${action.busy}>Make enrollment QR code</button>
      </fieldset>
    </form>
    <${Problem} error=${action.error} />
    ${
      made &&
      html`<div class="qr">
        <img
          alt="Enrollment QR code for ${made.user_identifier}"
          src=${`data:image/svg+xml;base64,${btoa(made.qr)}`}
        />
        <p>
          Scan with svc Authenticator, or open <span class="secret">${made.link}</span> on the
          phone. It works once, until ${made.expires_at}.
        </p>
      </div>`
    }
  </details>`;
}

/** A customer's users and the devices bound to them; an admin deactivates and enrolls. */
export function UsersPage({ canWrite }: { canWrite: boolean }) {
  const list = usePaged(async (after) => {
    const page = await api.users({ after });
    return { rows: page.users, next: page.next_cursor };
  });
  const action = useAction();
  return html`<section>
    <h2>Users and devices</h2>
    ${canWrite && html`<${Enroll} onDone=${list.reload} />`}
    <${Problem} error=${list.error ?? action.error} />
    ${list.data && list.rows.length === 0 && html`<p>No user has a device yet.</p>`}
    <${Table} headings=${['User', 'Device', 'Device state', 'Binding']}>
          ${list.rows.flatMap((u) =>
            (u.devices.length ? u.devices : [null]).map(
              (d) =>
                html`<tr key=${u.user_identifier + (d?.binding_id ?? '')}>
                  <td>${u.user_identifier}</td>
                  <td>
                    ${d ? html`${d.device_identifier}<br /><small>${d.device_platform}, push: ${d.push_channel ?? 'none'}</small>` : '—'}
                  </td>
                  <td>
                    ${d && (d.device_active ? 'active' : 'inactive')}
                    ${
                      d &&
                      d.device_active &&
                      canWrite &&
                      html` <button
                        class="outline secondary"
                        onClick=${() => action.run(() => api.deactivateDevice(d.device_identifier), list.reload)}
                      >
                        Deactivate device
                      </button>`
                    }
                  </td>
                  <td>
                    ${d && (d.binding_active ? 'active' : 'inactive')}
                    ${
                      d &&
                      d.binding_active &&
                      canWrite &&
                      html` <button
                        class="outline secondary"
                        onClick=${() => action.run(() => api.deactivateBinding(d.binding_id), list.reload)}
                      >
                        Unbind
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
