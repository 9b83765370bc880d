import type { Svcfication } from '@svc/sdk';
import type { Account } from './accounts.js';
import { button, el } from './view.js';

/** What the user answered: approve (with the number picked), deny, or deny as fraud. */
export type Answer = { approve: true; matchNumber?: number } | { approve: false; fraud: boolean };

/**
 * A waiting request: who asks, for what, for which account, since when and until when, and the
 * answers it allows (number matching offers the candidates instead of Approve; level 3 asks for
 * the license once approved).
 */
export function requestCard(
  id: string,
  account: Account,
  s: Svcfication,
  answer: (id: string, how: Answer) => Promise<void>,
): HTMLElement {
  const seconds = Math.max(0, Math.round((Date.parse(s.expires_at) - Date.now()) / 1000));
  const actions = el('div', { class: 'actions' });
  if (s.desired_level === 3)
    actions.append(el('p', {}, "Approving asks you to scan your driver's license."));
  if (s.match_candidates?.length) {
    actions.append(el('p', {}, 'Pick the number the other screen shows:'));
    const numbers = el('div', { class: 'numbers' });
    for (const n of s.match_candidates)
      numbers.append(
        button(String(n), () => answer(id, { approve: true, matchNumber: n }), 'primary'),
      );
    actions.append(numbers);
  } else {
    actions.append(button('Approve', () => answer(id, { approve: true }), 'primary'));
  }
  actions.append(
    button('Deny', () => answer(id, { approve: false, fraud: false })),
    button("This wasn't me", () => answer(id, { approve: false, fraud: true }), 'danger'),
  );
  return el(
    'section',
    { class: 'request' },
    el('h2', {}, `${s.relying_party} asks you to approve`),
    el('p', {}, s.action),
    el(
      'p',
      { class: 'muted' },
      `${s.resource} · for ${account.userIdentifier} · ${new Date(s.created_at).toLocaleTimeString()}`,
    ),
    el('p', { class: 'muted', 'data-expiry': s.expires_at }, `Expires in ${seconds} s`),
    actions,
  );
}

/** Counts the expiry of every request under `root` down, once a second. */
export function countDown(root: HTMLElement): void {
  setInterval(() => {
    for (const node of root.querySelectorAll<HTMLElement>('[data-expiry]')) {
      const left = Date.parse(node.dataset.expiry ?? '') - Date.now();
      const seconds = Math.max(0, Math.round(left / 1000));
      node.textContent = seconds ? `Expires in ${seconds} s` : 'Expired';
    }
  }, 1000);
}
