import { useEffect, useState, type KeyboardEvent } from 'react';
import { Box } from 'shared-ui/mui-core';
import { IconButton } from 'shared-ui/mui-icon-button';
import { Modal } from 'shared-ui/core';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons-more';

import type { GalleryProps } from './gallery';

const wrap = (i: number, n: number) => ((i % n) + n) % n;

const arrowSx = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  bgcolor: 'rgba(255,255,255,0.92)',
  color: '#0A2540',
  boxShadow: 2,
  '&:hover': { bgcolor: '#FFFFFF' },
} as const;

/**
 * Spec 2's image gallery: previous/next arrows and dots, wrapping around at both
 * ends; ArrowLeft/ArrowRight move, Escape closes.
 */
export default function GalleryViewer({ open, onClose, images, title, initialIndex = 0 }: GalleryProps) {
  const n = images.length;
  const [index, setIndex] = useState(() => (n ? wrap(initialIndex, n) : 0));

  // Reopening starts from the requested image.
  useEffect(() => {
    if (open && n) setIndex(wrap(initialIndex, n));
  }, [open, initialIndex, n]);

  const go = (delta: number) => setIndex((i) => (n ? wrap(i + delta, n) : 0));
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(-1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(1);
    }
  };

  const current = n ? images[Math.min(index, n - 1)] : undefined;
  const position = n ? `Image ${index + 1} of ${n}` : 'No images';

  return (
    <Modal open={open} onClose={onClose} title={title} maxWidth="lg" flush dark onKeyDown={onKeyDown}>
      <Box>
        <Box sx={{ position: 'relative', bgcolor: '#000', aspectRatio: { xs: '4 / 3', md: '16 / 9' }, maxHeight: '75vh', mx: 'auto' }}>
          {current && (
            <Box
              component="img"
              key={current.url}
              src={current.url}
              srcSet={current.srcset}
              sizes={current.srcset ? '90vw' : undefined}
              alt={current.alt ?? `${title} — image ${index + 1} of ${n}`}
              sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
            />
          )}
          {n > 1 && (
            <>
              <IconButton aria-label="Previous image" onClick={() => go(-1)} sx={{ ...arrowSx, left: 12 }}>
                <ChevronLeftIcon />
              </IconButton>
              <IconButton aria-label="Next image" onClick={() => go(1)} sx={{ ...arrowSx, right: 12 }}>
                <ChevronRightIcon />
              </IconButton>
            </>
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 0.5, py: 1.5, flexWrap: 'wrap' }}>
          {n > 1 &&
            images.map((img, i) => (
              <Box
                component="button"
                type="button"
                key={`${img.url}-${i}`}
                aria-label={`Show image ${i + 1} of ${n}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
                sx={{
                  width: 24,
                  height: 24,
                  p: 0,
                  border: 0,
                  bgcolor: 'transparent',
                  cursor: 'pointer',
                  display: 'grid',
                  placeItems: 'center',
                  borderRadius: '50%',
                  '&::after': {
                    content: '""',
                    width: i === index ? 12 : 8,
                    height: i === index ? 12 : 8,
                    borderRadius: '50%',
                    bgcolor: i === index ? '#FFFFFF' : 'rgba(255,255,255,0.5)',
                    transition: 'all 150ms',
                  },
                  '&:focus-visible': { outline: '2px solid #FFFFFF', outlineOffset: 1 },
                }}
              />
            ))}
        </Box>
        <Box aria-live="polite" sx={{ textAlign: 'center', pb: 2, fontSize: '0.875rem', color: 'rgba(255,255,255,0.85)' }}>
          {position}
        </Box>
      </Box>
    </Modal>
  );
}
