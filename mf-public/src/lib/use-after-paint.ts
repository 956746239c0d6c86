import { startTransition, useEffect, useState } from 'react';

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * False until `ready` has been true through a painted frame and the browser has had an
 * idle moment (at most `timeoutMs` later), then true for good. For code the first screen
 * can show without: it starts loading only once the page's main content is on screen, so
 * it never competes with it for the network or the main thread (issue 11: LCP).
 */
export function useAfterPaint(ready: boolean, timeoutMs = 1000): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    const w = window as IdleWindow;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame after this commit, then an idle moment (or a timer where there is no requestIdleCallback).
    // What then renders, renders as a transition: in slices, the page responsive meanwhile.
    const done = () => startTransition(() => setAfter(true));
    const frame = requestAnimationFrame(() => {
      if (w.requestIdleCallback) idle = w.requestIdleCallback(done, { timeout: timeoutMs });
      else timer = setTimeout(done, 50);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) w.cancelIdleCallback?.(idle);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, after, timeoutMs]);
  return after;
}
