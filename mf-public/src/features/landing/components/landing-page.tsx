import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { styled, up } from 'shared-ui/base';
import { useLocation } from 'shared-ui/router';
import { HeroSection } from './hero-section';
import { useDocumentTitle } from '../../../lib/use-document-title';

// The hero fills the first screen; the sections under it (and their code) load when the
// visitor scrolls, taps or types, when they come on screen, or at once when the URL
// points into them (/#subscribe, /#contact, a checkout return). docs/performance.md.
const BelowTheFold = lazy(() => import('./below-the-fold'));

/** The sections under the hero, in order, with their usual heights (xs, sm, md and up). */
export const BELOW_THE_FOLD: { id: string; minHeight: { xs: number; sm: number; md: number } }[] = [
  { id: 'about', minHeight: { xs: 1400, sm: 1185, md: 810 } },
  { id: 'services', minHeight: { xs: 1000, sm: 805, md: 620 } },
  { id: 'revolution', minHeight: { xs: 1150, sm: 1010, md: 660 } },
  { id: 'subscribe', minHeight: { xs: 950, sm: 760, md: 620 } },
  { id: 'contact', minHeight: { xs: 1150, sm: 1050, md: 910 } },
];
const INTERACTIONS = ['scroll', 'wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

function wantedAtOnce(hash: string, search: string): boolean {
  // The server's markup keeps the placeholders and their anchors, as the app's first render
  // does: a link or a scroll into them works before the app takes over, and the app loads
  // the sections once they are on screen.
  if (typeof window === 'undefined') return false;
  if (typeof IntersectionObserver === 'undefined') return true;
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return BELOW_THE_FOLD.some((s) => s.id === id) || new URLSearchParams(search).has('checkout');
}

const Space = styled.div<{ h: { xs: number; sm: number; md: number } }>(({ h }) => ({
  minHeight: h.xs,
  [up('sm')]: { minHeight: h.sm },
  [up('md')]: { minHeight: h.md },
}));

/** Keeps the page's height while the sections load: nothing moves when they arrive. */
function Reserved({ anchors, innerRef }: { anchors: boolean; innerRef?: React.Ref<HTMLDivElement> }) {
  return (
    <div ref={innerRef} aria-hidden="true">
      {BELOW_THE_FOLD.map((s) => (
        // Before loading, the anchors exist (a link or a script can scroll to them, which loads the rest).
        <Space key={s.id} id={anchors ? s.id : undefined} h={s.minHeight} />
      ))}
    </div>
  );
}

/** Spec 2's landing sections, in order: hero, about, services, Join The Revolution, subscribe, contact. */
export function LandingPage() {
  useDocumentTitle('Real Estate Investment For Everyone');
  const { hash, search } = useLocation();
  const [wanted, setWanted] = useState(() => wantedAtOnce(hash, search));
  const reserved = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!wanted && wantedAtOnce(hash, search)) setWanted(true);
  }, [wanted, hash, search]);

  useEffect(() => {
    if (wanted) return;
    const load = () => setWanted(true);
    INTERACTIONS.forEach((e) => window.addEventListener(e, load, { once: true, passive: true }));
    // On screen by more than a sliver (a tall phone shows the top few pixels under the hero).
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) load();
      },
      { rootMargin: '0px 0px -96px 0px' },
    );
    if (reserved.current) observer.observe(reserved.current);
    return () => {
      INTERACTIONS.forEach((e) => window.removeEventListener(e, load));
      observer.disconnect();
    };
  }, [wanted]);

  return (
    <>
      <HeroSection />
      {wanted ? (
        <Suspense fallback={<Reserved anchors={false} />}>
          <BelowTheFold />
        </Suspense>
      ) : (
        <Reserved anchors innerRef={reserved} />
      )}
    </>
  );
}
