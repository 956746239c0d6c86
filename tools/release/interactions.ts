// What the smoke test and the synthetic canary do on a page once it has rendered: every
// visible control of the remote's area (its <main>, and the dialogs and menus it opens) is
// exercised without leaving the page. Buttons are clicked; links are clicked with their
// navigation prevented (their own click handlers still run); text fields get typed text
// that breaks naive string handling ($' in String.replace, </script> in inline JSON);
// checkboxes, radios and selects are changed. A page error, an unhandled rejection, a
// console error raised by the remote's own code, or an error panel after an action fails
// the page, named with the action. Bounded: a number of actions and a time budget per page.
import type { BrowserContext, Page } from 'playwright-core';

/** Typed into every text field. */
export const SMOKE_TEXT = `Smoke $' $& $1 </script><b>"x"</b>`;

export interface ExerciseOptions {
  /** Actions per page at most (default 8). */
  maxActions?: number;
  /** Time for one action (default 1500 ms); a control that cannot be acted on in time is skipped. */
  actionTimeoutMs?: number;
  /** Time for all the page's actions (default 8000 ms); what is left is not exercised. */
  budgetMs?: number;
  /**
   * The page's primary actions (platform.json `smoke`), by label: each must be on the page
   * and is exercised whatever the budget (after the fields, which it may need filled).
   */
  declared?: string[];
  /** Reloads the page after an action navigated away (default: goto its path). */
  reopen?: (page: Page) => Promise<void>;
}

export interface ExerciseResult {
  /** What was done, in order ("click button "Show more""). */
  actions: string[];
  /** The first failure, naming the action; null: none. */
  problem: string | null;
}

/** Labels of controls never acted on: they end the session the rest of the test needs. */
const SKIPPED = /\b(log ?out|sign ?out)\b/i;

/**
 * In every document of the context: a link's click is prevented before the app sees it
 * (React Router's links then stay put; the link's own onClick still runs), a form's native
 * submission too (the app's onSubmit still runs), and unhandled rejections are kept.
 */
export async function guardContext(context: BrowserContext): Promise<void> {
  context.on('page', (p) => {
    // A window the page opened (window.open): not ours to follow.
    if (p.opener) void p.opener().then((o) => (o ? p.close().catch(() => undefined) : undefined));
  });
  await context.addInitScript(() => {
    const w = window as unknown as { __smokeRejections: string[] };
    w.__smokeRejections = [];
    window.addEventListener('unhandledrejection', (e) => {
      const r = e.reason as { message?: string } | undefined;
      w.__smokeRejections.push(`unhandled rejection: ${r?.message ?? String(e.reason)}`);
    });
    document.addEventListener(
      'click',
      (e) => {
        const t = e.target as Element | null;
        if (t?.closest?.('a[href]')) e.preventDefault();
      },
      true,
    );
    document.addEventListener('submit', (e) => e.preventDefault(), true);
  });
}

/** Collects a page's errors: uncaught exceptions and rejections, console errors from `ownCode` (a URL part). */
export function watchErrors(page: Page, ownCode: string): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e.message ?? e)));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const where = m.location()?.url ?? '';
    if (where.includes(ownCode)) errors.push(`console error: ${m.text()}`);
  });
  return errors;
}

/** Errors the page kept itself (unhandled rejections), taken out of it. */
async function rejections(page: Page): Promise<string[]> {
  return page
    .evaluate(() => {
      const w = window as unknown as { __smokeRejections?: string[] };
      return (w.__smokeRejections ?? []).splice(0);
    })
    .catch(() => []);
}

/**
 * An error panel on screen, described; null: none. The shell's "This area is unavailable",
 * its global error screen (the chrome gone), or any alert that offers Retry or Reload.
 */
export async function errorPanel(page: Page): Promise<string | null> {
  return page
    .evaluate(() => {
      const text = document.body?.innerText ?? '';
      if (/This area is unavailable/.test(text)) return 'shows "This area is unavailable"';
      for (const a of Array.from(document.querySelectorAll('[role="alert"]'))) {
        const buttons = Array.from(a.querySelectorAll('button, [role="button"]')).map((b) => (b as HTMLElement).innerText.trim());
        if (buttons.some((b) => /^(Retry|Reload|Refresh)$/i.test(b)))
          return `shows an error panel ("${(a as HTMLElement).innerText.trim().split('\n')[0].slice(0, 80)}")`;
      }
      if (!document.getElementById('main') && /Something went wrong/.test(text)) return 'shows the global error screen';
      return null;
    })
    .catch(() => null);
}

/** Waits until the page has settled: no page spinner, the page area present (at most `timeout`). */
export async function settle(page: Page, timeout: number): Promise<void> {
  await page
    .waitForFunction(() => !document.querySelector('[aria-label="Loading page"]') && document.getElementById('main') !== null, undefined, {
      timeout,
    })
    .catch(() => undefined);
  await page.waitForTimeout(200);
}

interface Control {
  id: number;
  sig: string;
  kind: 'click' | 'link' | 'fill' | 'number' | 'check' | 'select';
  label: string;
}

/** The visible, enabled controls of the remote's area and of open dialogs/menus, in document order, tagged. */
async function controls(page: Page): Promise<Control[]> {
  return page.evaluate(() => {
    const roots = [
      document.getElementById('main'),
      ...Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"], [role="menu"], [role="listbox"], [role="presentation"]')),
    ].filter((x): x is HTMLElement => x !== null);
    const sel =
      'button, a[href], input, textarea, select, summary, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], [role="radio"], [role="menuitem"], [role="option"], [role="combobox"]';
    const seen = new Set<Element>();
    const counts = new Map<string, number>();
    const out: Control[] = [];
    let id = 0;
    for (const root of roots)
      for (const el of Array.from(root.querySelectorAll<HTMLElement>(sel))) {
        if (seen.has(el)) continue;
        seen.add(el);
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || style.pointerEvents === 'none') continue;
        if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true' || el.closest('[inert]')) continue;
        const tag = el.tagName.toLowerCase();
        const type = (el.getAttribute('type') ?? '').toLowerCase();
        let kind: Control['kind'];
        if (tag === 'a') kind = 'link';
        else if (tag === 'textarea') kind = 'fill';
        else if (tag === 'select') kind = 'select';
        else if (tag === 'input') {
          if (['', 'text', 'email', 'password', 'search', 'tel', 'url'].includes(type)) kind = 'fill';
          else if (type === 'number') kind = 'number';
          else if (type === 'checkbox' || type === 'radio') kind = 'check';
          else if (['submit', 'button', 'reset'].includes(type)) kind = 'click';
          else continue; // file, date, range, hidden…: nothing meaningful to type
          if ((el as HTMLInputElement).readOnly) continue;
        } else kind = 'click';
        const label = (
          el.getAttribute('aria-label') ||
          (kind === 'fill' || kind === 'number' || kind === 'select'
            ? (el as HTMLInputElement).labels?.[0]?.innerText || el.getAttribute('placeholder') || el.getAttribute('name')
            : el.innerText) ||
          el.getAttribute('title') ||
          el.getAttribute('name') ||
          el.getAttribute('href') ||
          tag
        )
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 60);
        const key = `${kind}:${label}`;
        const n = (counts.get(key) ?? 0) + 1;
        counts.set(key, n);
        el.setAttribute('data-smoke-control', String(id));
        out.push({ id, sig: `${key}#${n}`, kind, label });
        id += 1;
      }
    // Fields first (what a later button submits), then buttons, then links.
    // (No named helpers in here: the page has not the bundler's helpers for them.)
    return out.sort(
      (x, y) => (x.kind === 'link' ? 2 : x.kind === 'click' ? 1 : 0) - (y.kind === 'link' ? 2 : y.kind === 'click' ? 1 : 0) || x.id - y.id,
    );
  });
}

const describe = (c: Control) =>
  ({
    click: `clicking "${c.label}"`,
    link: `clicking the link "${c.label}" (navigation prevented)`,
    fill: `typing into "${c.label}"`,
    number: `typing a number into "${c.label}"`,
    check: `checking "${c.label}"`,
    select: `choosing an option of "${c.label}"`,
  })[c.kind];

/**
 * Exercises the page's controls one by one (each at most once, by label and position),
 * failing at the first error or error panel. The page must already show `path` settled.
 */
export async function exercise(page: Page, pathname: string, errors: string[], opts: ExerciseOptions = {}): Promise<ExerciseResult> {
  const maxActions = opts.maxActions ?? 8;
  const actionTimeout = opts.actionTimeoutMs ?? 1500;
  const end = Date.now() + (opts.budgetMs ?? 8000);
  const reopen =
    opts.reopen ??
    (async (p: Page) => {
      await p.goto(pathname, { timeout: 15_000 });
      await settle(p, 10_000);
    });
  const done = new Set<string>();
  const actions: string[] = [];
  const failed = async (what: string): Promise<string | null> => {
    errors.push(...(await rejections(page)));
    if (errors.length) return `${what} throws: ${errors[0].slice(0, 240)}`;
    const panel = await errorPanel(page);
    return panel ? `${what} ${panel}` : null;
  };
  const declared = new Set(opts.declared ?? []);
  // Declared actions may take longer than the budget, not forever.
  const hardEnd = end + 2 * (opts.budgetMs ?? 8000);
  let scrolled = false;
  for (;;) {
    const inBudget = actions.length < maxActions && Date.now() < end;
    if ((!inBudget && !declared.size) || Date.now() > hardEnd) break;
    // Once more after a moment if the page was re-rendering or loading.
    const list = await controls(page).catch(() => page.waitForTimeout(300).then(() => controls(page)));
    const open = list.filter((x) => !done.has(x.sig) && !SKIPPED.test(x.label));
    const field = open.find((x) => x.kind !== 'click' && x.kind !== 'link');
    const primary = open.find((x) => declared.has(x.label));
    const c = inBudget ? (field ?? primary ?? open[0]) : (primary ?? (declared.size ? field : undefined));
    if (!c) {
      if (!declared.size) break;
      // A declared action not (yet) on screen: what renders as it scrolls into view, once.
      if (!scrolled) {
        scrolled = true;
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)).catch(() => undefined);
        await page.waitForTimeout(400);
        continue;
      }
      break;
    }
    done.add(c.sig);
    declared.delete(c.label);
    const what = describe(c);
    const el = page.locator(`[data-smoke-control="${c.id}"]`).first();
    try {
      if (c.kind === 'fill') await el.fill(SMOKE_TEXT, { timeout: actionTimeout });
      else if (c.kind === 'number') await el.fill('1', { timeout: actionTimeout });
      else if (c.kind === 'select')
        await el
          .selectOption({ index: 1 }, { timeout: actionTimeout })
          .catch(() => el.selectOption({ index: 0 }, { timeout: actionTimeout }));
      else await el.click({ timeout: actionTimeout, noWaitAfter: true });
    } catch {
      // Covered by an overlay, detached by a re-render, not actionable in time: not a failure of
      // the page. Close what may be in the way and go on.
      await page.keyboard.press('Escape').catch(() => undefined);
      continue;
    }
    actions.push(what);
    await page.waitForTimeout(150);
    const problem = await failed(what);
    if (problem) return { actions, problem };
    // A button that took the tab elsewhere (navigate(), a full load): back to the page.
    const now = new URL(page.url());
    if (now.pathname !== pathname) {
      await reopen(page);
      const after = await failed(`reopening after ${what}`);
      if (after) return { actions, problem: after };
    }
  }
  // What an action set off and failed later (a response, a timer): blamed on the last one.
  if (actions.length) {
    await page.waitForTimeout(300);
    const late = await failed(`after ${actions[actions.length - 1]}`);
    if (late) return { actions, problem: late };
  }
  if (declared.size)
    return {
      actions,
      problem: `its declared action${declared.size > 1 ? 's' : ''} ${[...declared].map((d) => `"${d}"`).join(', ')} (platform.json "smoke") ${declared.size > 1 ? 'are' : 'is'} not on the page`,
    };
  return { actions, problem: null };
}
