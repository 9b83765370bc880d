import { useState } from 'preact/hooks';
import { api } from './api.js';
import { html } from 'htm/preact';
import { Problem, Table } from './parts.js';
import { usePaged } from './paged.js';
import { useCall } from './use-call.js';

/**
 * The log's newest checkpoint, checked here in the page: its signature with the key first seen
 * (kept in this browser), and that it extends the checkpoint checked last time.
 */
function Verification({ account }: { account: string }) {
  const keyName = `svc-audit-key:${account}`;
  const keptName = `svc-audit-checkpoint:${account}`;
  const check = useCall(async () => {
    const latest = await api.audit.checkpoint();
    const key = localStorage.getItem(keyName) ?? latest.verifier_key;
    const kept = localStorage.getItem(keptName) ?? undefined;
    const checked = await api.audit.checkLog(key, kept);
    localStorage.setItem(keyName, key);
    localStorage.setItem(keptName, checked.note);
    return { size: checked.size, extended: kept !== undefined };
  });
  if (check.error) return html`<p class="error" role="alert">Not verified: ${check.error}</p>`;
  if (!check.data) return html`<p aria-busy="true">Verifying the log…</p>`;
  return html`<p class="ok" role="status">
    Verified: ${check.data.size} events under a valid
    signature${check.data.extended ? ', extending the checkpoint this browser checked before' : ''}.
  </p>`;
}

/** The customer's audit trail, filtered by action and outcome, a page at a time. */
export function AuditPage({ account }: { account: string }) {
  const [action, setAction] = useState('');
  const [outcome, setOutcome] = useState<'' | 'success' | 'failure'>('');
  const list = usePaged(
    async (after) => {
      const page = await api.audit.events({
        limit: 25,
        ...(after ? { after } : {}),
        ...(action ? { action } : {}),
        ...(outcome ? { outcome } : {}),
      });
      return { rows: page.audit_events, next: page.next_cursor };
    },
    [action, outcome],
  );
  return html`<section>
    <h2>Audit trail</h2>
    <${Verification} account=${account} />
    <div class="grid">
      <label>
        Action
        <input
          placeholder="e.g. device.deactivated"
          value=${action}
          onChange=${(e: Event) => setAction((e.target as HTMLInputElement).value.trim())}
        />
      </label>
      <label>
        Outcome
        <select
          value=${outcome}
          onChange=${(e: Event) => setOutcome((e.target as HTMLSelectElement).value as '')}
        >
          <option value="">Any</option>
          <option value="success">success</option>
          <option value="failure">failure</option>
        </select>
      </label>
    </div>
    <${Problem} error=${list.error} />
    ${list.data && list.rows.length === 0 && html`<p>No event matches (events appear a few seconds after they happen).</p>`}
    <${Table} headings=${['#', 'Time', 'Action', 'Actor', 'Targets']}>
          ${list.rows.map(
            (e) =>
              html`<tr key=${e.id}>
                <td>${e.index}</td>
                <td>${e.time}</td>
                <td>${e.action} <small>${e.outcome}</small></td>
                <td>${e.actor.kind} ${e.actor.user ?? e.actor.credential ?? ''}</td>
                <td>
                  <small
                    >${Object.entries(e.targets)
                      .map(([k, v]) => `${k}: ${v}`)
                      .join(', ')}</small
                  >
                </td>
              </tr>`,
          )}
        </${Table}>
    ${list.pager}
  </section>`;
}
