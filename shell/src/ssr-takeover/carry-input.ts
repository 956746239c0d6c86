// A server-rendered page (issue 21) is on screen before the app runs: a visitor can change a
// filter or type in a field of the server's markup, which has no handlers yet. When the app
// takes over (bootstrap.tsx swaps the server's markup for the app's), those choices would be
// lost without a word. They move to the app's matching controls as if the visitor had made
// them there, so React's handlers see them (the URL, the list and the page follow), and the
// field the visitor is in keeps the focus.

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isControl = (el: Element | null): el is Control =>
  el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;

/** What names a control for a person: the same on the server's markup and the app's (ids differ). */
function controlKey(el: Control): string | null {
  const label = el.labels?.[0]?.textContent?.trim();
  const key = el.name || el.getAttribute('aria-label') || label;
  return key ? `${el.tagName}:${el.type}:${key}` : null;
}

/** Whether the visitor changed the control from what the server sent. */
function changed(el: Control): boolean {
  if (el instanceof HTMLSelectElement) return [...el.options].some((o) => o.selected !== o.defaultSelected);
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return el.checked !== el.defaultChecked;
  if (el instanceof HTMLInputElement && ['hidden', 'submit', 'button', 'file', 'image', 'reset'].includes(el.type)) return false;
  return el.value !== el.defaultValue;
}

/** Sets a control's value the way picking or typing does, so React's onChange runs. */
function apply(target: Control, value: string, checked: boolean): void {
  if (target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio')) {
    if (target.checked !== checked) target.click();
    return;
  }
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target) as object, 'value')?.set;
  setter?.call(target, value);
  target.dispatchEvent(new Event(target instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

export interface CarriedInput {
  moves: { key: string; value: string; checked: boolean }[];
  focusKey: string | null;
}

/** What the visitor did in the server's markup: read before that markup leaves the page. */
export function changedInput(server: HTMLElement): CarriedInput {
  const moves: CarriedInput['moves'] = [];
  for (const el of server.querySelectorAll<Control>('input, select, textarea')) {
    const key = controlKey(el);
    if (key && changed(el)) moves.push({ key, value: el.value, checked: el instanceof HTMLInputElement && el.checked });
  }
  const active = document.activeElement;
  const focusKey = isControl(active) && server.contains(active) ? controlKey(active) : null;
  return { moves, focusKey };
}

/**
 * Replays the changes on the controls of `app` with the same key, one per task (each may
 * navigate: the next one sees the URL the last one made), then focuses the visitor's field.
 */
export function replayInput({ moves, focusKey }: CarriedInput, app: HTMLElement): void {
  const find = (key: string) => [...app.querySelectorAll<Control>('input, select, textarea')].find((c) => controlKey(c) === key);
  const step = (i: number) => {
    if (i >= moves.length) {
      if (focusKey) find(focusKey)?.focus();
      return;
    }
    const target = find(moves[i].key);
    if (target) apply(target, moves[i].value, moves[i].checked);
    setTimeout(() => step(i + 1), 0);
  };
  step(0);
}
