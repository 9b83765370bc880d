import { hasKeys, type Account } from './accounts.js';
import { button, el } from './view.js';

/** What the user can do with an account from the list. */
export interface AccountActions {
  addLicense(account: Account): Promise<void>;
  remove(account: Account): Promise<void>;
}

/** An account as the user knows it: the user, the relying party, another server's host. */
export function accountName(account: Account): string {
  const host = new URL(account.baseUrl).host;
  const relyingParty = account.relyingParty ? ` at ${account.relyingParty}` : '';
  return `${account.userIdentifier}${relyingParty}${host === location.host ? '' : ` (${host})`}`;
}

/** The accounts this phone holds, each with its relying party, its state and its actions. */
export function accountList(accounts: Account[], actions: AccountActions): HTMLElement {
  const list = el('ul');
  for (const account of accounts) {
    const item = el('li', {}, el('span', {}, accountName(account)));
    if (!hasKeys(account))
      item.append(
        el(
          'span',
          { class: 'muted' },
          'Keys lost: this browser cleared them. Remove the account and enroll again.',
        ),
      );
    else
      item.append(
        button(account.licenseAddedAt ? "Replace driver's license" : "Add driver's license", () =>
          actions.addLicense(account),
        ),
      );
    item.append(button('Remove', () => actions.remove(account), 'danger'));
    list.append(item);
  }
  return list;
}
