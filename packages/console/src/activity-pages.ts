import type { AuditEvent, SvcficationStatus } from '@svc/wire/web';
import { useState } from 'preact/hooks';
import { api } from './api.js';
import { html } from 'htm/preact';
import { Problem, Table } from './parts.js';
import { usePaged } from './paged.js';
import { useAction, useCall } from './use-call.js';

const statuses: SvcficationStatus[] = [
  'IN_PROGRESS',
  'ACCEPTED',
  'ACCEPTED_AT_LOWER_LEVEL',
  'ACCEPTED_AT_HIGHER_LEVEL',
  'REJECTED',
  'EXPIRED',
  'CANCELED',
  'INVALID',
];

/** What the audit trail holds about one id: its full history. */
function History({ target }: { target: string }) {
  const events = useCall(() => api.audit.events({ target }), [target]);
  return html`<ol>
    ${events.error && html`<li class="error">${events.error}</li>`}
    ${(events.data?.audit_events ?? []).map(
      (e: AuditEvent) =>
        html`<li key=${e.id}>${e.time} ${e.action} (${e.outcome}) by ${e.actor.kind}</li>`,
    )}
  </ol>`;
}

/** A customer's svcfications, newest first, by status; each with its history. */
export function SvcficationsPage() {
  const [status, setStatus] = useState<SvcficationStatus | ''>('');
  const [open, setOpen] = useState<string | null>(null);
  const list = usePaged(
    async (after) => {
      const page = await api.svcfications({ after, ...(status ? { status } : {}) });
      return { rows: page.svcfications, next: page.next_cursor };
    },
    [status],
  );
  return html`<section>
    <h2>Svcfications</h2>
    <label>
      Status
      <select
        value=${status}
        onChange=${(e: Event) => setStatus((e.target as HTMLSelectElement).value as SvcficationStatus)}
      >
        <option value="">Any</option>
        ${statuses.map((s) => html`<option key=${s} value=${s}>${s}</option>`)}
      </select>
    </label>
    <${Problem} error=${list.error} />
    ${list.data && list.rows.length === 0 && html`<p>No svcfication matches.</p>`}
    <${Table} headings=${['Created', 'User', 'Action', 'Status', '']}>
          ${list.rows.map(
            (s) =>
              html`<tr key=${s.id}>
                <td>${s.created_at}</td>
                <td>${s.user_identifier ?? '—'}</td>
                <td>${s.action} ${s.resource} (level ${s.desired_level})</td>
                <td>${s.status}</td>
                <td>
                  <button class="outline" onClick=${() => setOpen(open === s.id ? null : s.id)}>
                    History
                  </button>
                  ${open === s.id && html`<${History} target=${s.id} />`}
                </td>
              </tr>`,
          )}
        </${Table}>
    ${list.pager}
  </section>`;
}

/** Callbacks, push wake-ups and CIBA pings: each attempt, its outcome and time; a replay. */
export function DeliveriesPage({ canWrite }: { canWrite: boolean }) {
  const list = usePaged(async (after) => {
    const page = await api.deliveries({ after });
    return { rows: page.deliveries, next: page.next_cursor };
  });
  const action = useAction();
  return html`<section>
    <h2>Deliveries</h2>
    <${Problem} error=${list.error ?? action.error} />
    ${list.data && list.rows.length === 0 && html`<p>No callback or push wake-up yet.</p>`}
    <${Table} headings=${['Delivery', 'State', 'Attempts', '']}>
          ${list.rows.map(
            (d) =>
              html`<tr key=${d.id}>
                <td>
                  ${d.kind} to ${d.target}<br /><small
                    >${d.created_at}${d.replay_of ? `, replay of ${d.replay_of}` : ''}</small
                  >
                </td>
                <td>${d.state}</td>
                <td>
                  <ol>
                    ${d.attempts.map(
                      (a) =>
                        html`<li key=${a.at}>
                          ${a.at}: ${a.outcome} in ${a.duration_ms}
                          ms${a.error ? ` (${a.error})` : ''}
                        </li>`,
                    )}
                  </ol>
                </td>
                <td>
                  ${
                    canWrite &&
                    html`<button
                      onClick=${() => action.run(() => api.replayDelivery(d.id), list.reload)}
                    >
                      Replay
                    </button>`
                  }
                </td>
              </tr>`,
          )}
        </${Table}>
    ${list.pager}
  </section>`;
}
