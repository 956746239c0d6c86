// Real time for the market section (issue 20). `subscribeEvents` (shared-api, issue 19) is
// not on main yet: until it is, this polls while the page is visible. Swapping in
// `subscribeEvents([marketTopic(propertyId)], onChange)` changes only this function.
import { useEffect, useRef } from 'react';

/** How often the book is asked again while the page is visible (no server push yet). */
export const MARKET_POLL_MS = 4000;

/** Calls `onChange` whenever the property's book or trades may have changed. */
export function useMarketUpdates(propertyId: string, onChange: () => void, enabled = true): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (!enabled || !propertyId) return;
    const timer = setInterval(() => {
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden') latest.current();
    }, MARKET_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [propertyId, enabled]);
}
