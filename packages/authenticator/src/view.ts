/** The few DOM helpers the app draws with: text is always set as text, never as HTML. */
export function el(
  tag: string,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

export function button(
  label: string,
  onClick: () => unknown,
  kind: 'primary' | 'danger' | '' = '',
): HTMLButtonElement {
  const node = el('button', kind ? { class: kind, type: 'button' } : { type: 'button' }, label);
  node.addEventListener('click', () => void onClick());
  return node as HTMLButtonElement;
}

export function render(root: HTMLElement, parts: HTMLElement[]): void {
  root.replaceChildren(...parts);
}
