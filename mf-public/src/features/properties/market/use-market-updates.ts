// Real time for the market section (issue 20): the property's topic on the shared event stream
// (`subscribeEvents`, issue 19). The server sends `market.book` after every change of the book
// or a trade; shared-api calls back with `poll` once each time the stream opens and every ~10 s
// while it is unavailable. Either way the section refetches (payloads are ids only).
import { useEffect, useRef } from 'react';
import { subscribeEvents } from 'shared-api';

export const marketTopic = (propertyId: string) => `market:${propertyId}`;

/** Calls `onChange` whenever the property's book or trades may have changed. */
export function useMarketUpdates(propertyId: string, onChange: () => void, enabled = true): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (!enabled || !propertyId) return;
    const topic = marketTopic(propertyId);
    return subscribeEvents([topic], (e) => {
      if (e.topic === topic) latest.current();
    });
  }, [propertyId, enabled]);
}
