import type { ConsoleRole, Invitation } from '@svc/wire/web';
import { useState } from 'preact/hooks';
import { api } from './api.js';
import { html } from 'htm/preact';
import { Problem } from './parts.js';
import { useAction } from './use-call.js';

/** Invites someone: an operator any role, a customer's admin an admin or viewer of its own. */
export function InvitePage({ operator }: { operator: boolean }) {
  const action = useAction();
  const [made, setMade] = useState<Invitation | null>(null);
  const [form, setForm] = useState({ name: '', role: 'viewer' as ConsoleRole, customer: '' });
  const submit = (event: Event) => {
    event.preventDefault();
    void action.run(async () =>
      setMade(
        await api.invite({
          name: form.name,
          role: form.role,
          ...(operator && form.role !== 'operator' ? { customer_id: form.customer } : {}),
        }),
      ),
    );
  };
  const field = (name: keyof typeof form) => (e: Event) =>
    setForm({ ...form, [name]: (e.target as HTMLInputElement).value });
  return html`<section>
    <h2>Invite someone</h2>
    <form onSubmit=${submit}>
      <label
        >Name <input required maxlength="100" value=${form.name} onInput=${field('name')}
      /></label>
      <label>
        Role
        <select value=${form.role} onChange=${field('role')}>
          ${operator && html`<option value="operator">Operator (all of svc)</option>`}
          <option value="admin">Customer admin</option>
          <option value="viewer">Customer viewer (reads only)</option>
        </select>
      </label>
      ${
        operator &&
        form.role !== 'operator' &&
        html`<label
          >Customer id <input required value=${form.customer} onInput=${field('customer')}
        /></label>`
      }
      <button type="submit" aria-busy=${action.busy}>Make invitation link</button>
    </form>
    <${Problem} error=${action.error} />
    ${
      made &&
      html`<article role="status">
        <p>
          Send this link to ${made.name}. It works once, until ${made.expires_at}, and is not shown
          again.
        </p>
        <p class="secret">${made.invitation_link}</p>
      </article>`
    }
  </section>`;
}
