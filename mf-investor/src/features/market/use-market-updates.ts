// Real time for the investor's market orders (issue 20): the person's own topic on the shared
// event stream (`subscribeEvents`, issue 19). The server sends `market.order` when one of their
// orders changes (placed, filled, cancelled, expired); shared-api calls back with `poll` once
// each time the stream opens and every ~10 s while it is unavailable. Either way the page refetches.
import { useEffect, useRef } from 'react';
import { subscribeEvents, useAuthUser } from 'shared-api';

const REFETCH_ON = new Set(['market.order', 'poll']);

/** Calls `onChange` whenever the investor's market orders or trades may have changed. */
export function useMyMarketUpdates(onChange: () => void, enabled = true): void {
  const userId = useAuthUser()?._id;
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (!enabled || !userId) return;
    const topic = `user:${userId}`;
    return subscribeEvents([topic], (e) => {
      if (e.topic === topic && REFETCH_ON.has(e.type)) latest.current();
    });
  }, [userId, enabled]);
}
