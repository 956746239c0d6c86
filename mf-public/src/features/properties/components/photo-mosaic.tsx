import { useState } from 'react';
import { Box } from 'shared-ui/mui-core';
import { LEAD_PHOTO_SIZES } from 'shared-api/contract/basics';
import type { ImageRef } from 'shared-api/contract';
import { Gallery, ImageIcon } from 'shared-ui/components';
import { PhotoLibraryIcon } from '../icons';
import { imageSources } from 'shared-api';
import { galleryImages } from '../lib/images';

const tileSx = {
  position: 'relative',
  display: 'block',
  width: '100%',
  p: 0,
  border: 0,
  overflow: 'hidden',
  cursor: 'zoom-in',
  bgcolor: '#E8F0FB',
  '& img': { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', transition: 'transform 250ms' },
  '&:hover img': { transform: 'scale(1.02)' },
  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
} as const;

/** The property's photos: a large one and up to two more; any of them opens the gallery there. */
export function PhotoMosaic({ images, name }: { images: readonly ImageRef[]; name: string }) {
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState(0);
  const n = images.length;

  if (n === 0) {
    return (
      <Box
        role="img"
        aria-label={`No photos of ${name} yet`}
        sx={{ aspectRatio: '16 / 9', borderRadius: 4, display: 'grid', placeItems: 'center', bgcolor: '#E8F0FB', color: 'primary.main' }}
      >
        <ImageIcon sx={{ fontSize: 64, opacity: 0.5 }} />
      </Box>
    );
  }

  const show = (i: number) => {
    setStart(i);
    setOpen(true);
  };
  const side = images.slice(1, 3);

  return (
    <>
      <Box
        sx={{
          position: 'relative',
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: side.length ? '2fr 1fr' : '1fr' },
          gridTemplateRows: { md: side.length === 2 ? '1fr 1fr' : '1fr' },
        }}
      >
        <Box
          component="button"
          type="button"
          onClick={() => show(0)}
          aria-label={`Open the photo gallery of ${name} (${n} ${n === 1 ? 'photo' : 'photos'})`}
          sx={{
            ...tileSx,
            aspectRatio: { xs: '16 / 10', md: '16 / 9' },
            borderRadius: 4,
            gridRow: { md: side.length === 2 ? 'span 2' : 'auto' },
          }}
        >
          <img
            {...imageSources(images[0])}
            sizes={LEAD_PHOTO_SIZES}
            alt={`${name}, photo 1 of ${n}`}
            loading="eager"
            fetchPriority="high"
            decoding="async"
            width={images[0].width}
            height={images[0].height}
          />
        </Box>
        {side.map((img, k) => (
          <Box
            key={img._id}
            component="button"
            type="button"
            onClick={() => show(k + 1)}
            aria-label={`Open photo ${k + 2} of ${n}`}
            sx={{ ...tileSx, display: { xs: 'none', md: 'block' }, borderRadius: 4, minHeight: 0, height: '100%' }}
          >
            <img {...imageSources(img)} sizes="30vw" alt={`${name}, photo ${k + 2} of ${n}`} loading="lazy" decoding="async" />
          </Box>
        ))}
        {n > 1 && (
          <Box
            component="button"
            type="button"
            onClick={() => show(0)}
            sx={{
              position: 'absolute',
              right: 12,
              bottom: 12,
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.75,
              px: 1.5,
              py: 0.75,
              border: 0,
              borderRadius: 999,
              bgcolor: 'rgba(255,255,255,0.95)',
              color: '#0A2540',
              font: 'inherit',
              fontWeight: 600,
              fontSize: '0.875rem',
              cursor: 'pointer',
              boxShadow: 2,
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            <PhotoLibraryIcon fontSize="small" />
            View all {n} photos
          </Box>
        )}
      </Box>
      {/* The dialog itself loads the first time the gallery opens. */}
      <Gallery open={open} onClose={() => setOpen(false)} images={galleryImages(images, name)} title={name} initialIndex={start} />
    </>
  );
}
