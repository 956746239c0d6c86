import { useEffect } from 'react';
import { BRAND } from 'shared-api/contract/basics';

/** Names the browser tab after the page ("Properties · Tessera"); the previous title comes back on leaving. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title === BRAND ? BRAND : `${title} · ${BRAND}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
