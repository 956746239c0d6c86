import { useEffect } from 'react';
import { MOBILE_BREAKPOINT_PX } from 'shared-api/contract/basics';

/** Spec 4: under 1024px an open mobile menu locks page scrolling. */
export function useScrollLock(open: boolean): void {
  useEffect(() => {
    if (!open || window.innerWidth >= MOBILE_BREAKPOINT_PX) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);
}
