import { html } from 'htm/preact';
import type { ComponentChildren } from 'preact';

/** An error in plain words, announced to screen readers; nothing when there is none. */
export function Problem({ error }: { error: string | null | undefined }) {
  return error ? html`<p class="error" role="alert">${error}</p>` : null;
}

/** A table that scrolls inside its box on a narrow screen (360 px), under its headings. */
export function Table({ headings, children }: { headings: string[]; children: ComponentChildren }) {
  return html`<div class="scroll">
    <table>
      <thead>
        <tr>
          ${headings.map((h, i) => html`<th key=${i}>${h}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${children}
      </tbody>
    </table>
  </div>`;
}
