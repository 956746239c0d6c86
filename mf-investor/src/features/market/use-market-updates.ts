// Real time for the investor's market orders (issue 20). `subscribeEvents` (shared-api, issue 19)
// is not on main yet: until it is, this polls while the page is visible. With it, this becomes
// `subscribeEvents([], (e) => e.type === 'market.order' && onChange())` (the user's own topic is
// always included) and nothing else changes.
import { useEffect, useRef } from 'react';

/** How often the orders are asked again while the page is visible (no server push yet). */
export const MARKET_POLL_MS = 4000;

/** Calls `onChange` whenever the investor's market orders or trades may have changed. */
export function useMyMarketUpdates(onChange: () => void, enabled = true): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') latest.current();
    }, MARKET_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled]);
}
