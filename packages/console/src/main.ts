import type { ConsoleSession } from '@svc/wire/web';
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { AuditPage } from './audit-page.js';
import { api } from './api.js';
import { CustomersPage } from './customers-page.js';
import { DeliveriesPage, SvcficationsPage } from './activity-pages.js';
import { DocumentsPage } from './documents-page.js';
import { FidoPage, PasskeysPage } from './fido-pages.js';
import { HealthPage } from './health-page.js';
import { html } from 'htm/preact';
import { InvitePage } from './invite-page.js';
import { AcceptInvitation, SignIn } from './sign-in.js';
import { UsersPage } from './users-page.js';

/** The pages of each role, by their `#name`; the first is the landing page. */
const pagesOf = {
  operator: ['customers', 'health', 'invite'],
  admin: [
    'users',
    'passkeys',
    'documents',
    'fido',
    'svcfications',
    'deliveries',
    'audit',
    'invite',
  ],
  viewer: ['users', 'passkeys', 'documents', 'fido', 'svcfications', 'deliveries', 'audit'],
} as const;
const titles: Record<string, string> = {
  customers: 'Customers',
  health: 'Health',
  invite: 'Invite',
  users: 'Users',
  passkeys: 'Passkeys',
  documents: 'Documents',
  fido: 'FIDO',
  svcfications: 'Svcfications',
  deliveries: 'Deliveries',
  audit: 'Audit trail',
};

const hashName = () => location.hash.slice(1);

function Page({ name, session }: { name: string; session: ConsoleSession }) {
  const { role, id } = session.account;
  const canWrite = role === 'admin';
  switch (name) {
    case 'customers':
      return html`<${CustomersPage} />`;
    case 'health':
      return html`<${HealthPage} />`;
    case 'invite':
      return html`<${InvitePage} operator=${role === 'operator'} />`;
    case 'users':
      return html`<${UsersPage} canWrite=${canWrite} />`;
    case 'passkeys':
      return html`<${PasskeysPage} canWrite=${canWrite} />`;
    case 'documents':
      return html`<${DocumentsPage} />`;
    case 'fido':
      return html`<${FidoPage} />`;
    case 'svcfications':
      return html`<${SvcficationsPage} />`;
    case 'deliveries':
      return html`<${DeliveriesPage} canWrite=${canWrite} />`;
    default:
      return html`<${AuditPage} account=${id} />`;
  }
}

function Console() {
  const [session, setSession] = useState<ConsoleSession | null | undefined>(undefined);
  const [hash, setHash] = useState(hashName());
  useEffect(() => {
    api.session().then(setSession, () => setSession(null));
    const follow = () => setHash(hashName());
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  const invitation = /^invitation=(.+)$/.exec(hash)?.[1];
  if (invitation)
    return html`<${AcceptInvitation}
      token=${invitation}
      onSession=${(s: ConsoleSession) => {
        setSession(s);
        setHash('');
      }}
    />`;
  if (session === undefined) return html`<p aria-busy="true">Loading…</p>`;
  if (session === null) return html`<${SignIn} onSession=${setSession} />`;
  const pages: readonly string[] = pagesOf[session.account.role];
  const current = pages.includes(hash) ? hash : (pages[0] ?? 'audit');
  const { name, role, customer_id: customer } = session.account;
  const who = `${name}, ${role}${customer ? ` of ${customer}` : ''}`;
  const signOut = () => api.signOut().finally(() => setSession(null));
  return html`<header>
      <nav aria-label="console">
        <ul>
          <li><strong>svc console</strong></li>
        </ul>
        <ul>
          ${pages.map(
            (p) =>
              html`<li key=${p}>
                <a href=${`#${p}`} aria-current=${p === current ? 'page' : undefined}
                  >${titles[p]}</a
                >
              </li>`,
          )}
          <li><button class="secondary" onClick=${signOut}>Sign out</button></li>
        </ul>
      </nav>
      <small>${who}</small>
    </header>
    <${Page} key=${current} name=${current} session=${session} />`;
}

const root = document.getElementById('app');
if (root) {
  root.replaceChildren(); // the static page's placeholder
  render(html`<${Console} />`, root);
}
