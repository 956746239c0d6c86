import { lazy, Suspense, useState } from 'react';

export interface GalleryImage {
  url: string;
  srcset?: string;
  alt?: string;
}

export interface GalleryProps {
  open: boolean;
  onClose: () => void;
  images: readonly GalleryImage[];
  /** Dialog title and the base of each image's alt text, e.g. the property name. */
  title: string;
  initialIndex?: number;
}

// The viewer (its dialog, arrows and dots) loads when the gallery first opens.
const GalleryViewer = lazy(() => import('./gallery-viewer'));

/**
 * Spec 2's image gallery: previous/next arrows and dots, wrapping around at both
 * ends; ArrowLeft/ArrowRight move, Escape closes. Once opened it stays mounted, so
 * closing keeps the dialog's exit transition.
 */
export function Gallery(props: GalleryProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <GalleryViewer {...props} />
    </Suspense>
  );
}
