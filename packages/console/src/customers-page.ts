import type { CustomerCredentialKind, IssuedCredentials } from '@svc/wire/web';
import { useState } from 'preact/hooks';
import { api } from './api.js';
import { html } from 'htm/preact';
import { Problem, Table } from './parts.js';
import { IssuedSecrets } from './secrets.js';
import { useAction, useCall } from './use-call.js';

const kinds: CustomerCredentialKind[] = ['server', 'sdk', 'user', 'sandbox', 'fido'];

/** An operator's customers: create one, rotate or revoke each of its credentials. */
export function CustomersPage() {
  const list = useCall(() => api.customers());
  const action = useAction();
  const [issued, setIssued] = useState<IssuedCredentials | null>(null);
  const [name, setName] = useState('');
  const create = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      setIssued(await api.createCustomer(name));
      setName('');
    }, list.reload);
  };
  const rotate = (id: string, kind: CustomerCredentialKind) =>
    action.run(async () => setIssued(await api.rotateCredential(id, kind)), list.reload);
  const revoke = (id: string, kind: CustomerCredentialKind) => {
    if (confirm(`Revoke the ${kind} credential? Clients using it are refused at once.`))
      void action.run(() => api.revokeCredential(id, kind), list.reload);
  };
  return html`<section>
    <h2>Customers</h2>
    ${issued && html`<${IssuedSecrets} issued=${issued} onDone=${() => setIssued(null)} />`}
    <form onSubmit=${create}>
      <fieldset role="group">
        <input
          aria-label="New customer's name"
          placeholder="New customer's name"
          required
          maxlength="100"
          value=${name}
          onInput=${(e: Event) => setName((e.target as HTMLInputElement).value)}
        />
        <button type="submit" aria-busy=${action.busy}>Create customer</button>
      </fieldset>
    </form>
    <${Problem} error=${action.error ?? list.error} />
    <${Table} headings=${['Customer', 'Created', 'Credentials']}>
          ${(list.data?.customers ?? []).map(
            (c) =>
              html`<tr key=${c.id}>
                <td><strong>${c.name}</strong><br /><small>${c.id}</small></td>
                <td>${c.created_at.slice(0, 10)}</td>
                <td>
                  ${kinds.map(
                    (kind) =>
                      html`<div key=${kind}>
                        ${kind} ${c.credentials.includes(kind) ? '' : '(revoked)'}
                        <button class="outline" onClick=${() => rotate(c.id, kind)}>
                          ${c.credentials.includes(kind) ? 'Rotate' : 'Issue'} ${kind}
                        </button>
                        ${
                          c.credentials.includes(kind) &&
                          html`<button
                            class="outline secondary"
                            onClick=${() => revoke(c.id, kind)}
                          >
                            Revoke ${kind}
                          </button>`
                        }
                      </div>`,
                  )}
                </td>
              </tr>`,
          )}
        </${Table}>
  </section>`;
}
