import { useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { useCall } from './use-call.js';

/**
 * A list read a page at a time: `fetch(after)` answers the rows and the next cursor; the pager
 * goes forward and back through the cursors seen.
 */
export function usePaged<T>(
  fetch: (after: string | undefined) => Promise<{ rows: T[]; next: string | null }>,
  deps: unknown[] = [],
) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const after = cursors.at(-1);
  const call = useCall(() => fetch(after), [after, ...deps]);
  const pager = html`<nav aria-label="pages">
    <ul>
      <li>
        <button
          class="secondary"
          disabled=${cursors.length < 2}
          onClick=${() => setCursors(cursors.slice(0, -1))}
        >
          Previous page
        </button>
      </li>
      <li>
        <button
          class="secondary"
          disabled=${!call.data?.next}
          onClick=${() => setCursors([...cursors, call.data?.next ?? undefined])}
        >
          Next page
        </button>
      </li>
    </ul>
  </nav>`;
  return { ...call, rows: call.data?.rows ?? [], pager };
}
