// Files an admin looks at: a listing's images (responsive, opening the gallery) and
// documents (signed links, so a new tab can open them without the session token).
import { useState } from 'react';
import { Box, Typography } from 'shared-ui/mui';
import { Gallery, ImageIcon, PdfIcon } from 'shared-ui';
import { fileUrl, imageSources } from 'shared-api';
import type { FileRef, ImageRef } from 'shared-api/contract';
import { fileSize } from '../lib/format';

export function ListingImages({ images, name }: { images: readonly ImageRef[]; name: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) return <Typography color="text.secondary">No images were uploaded.</Typography>;
  const gallery = images.map((img, i) => {
    const { src, srcSet } = imageSources(img);
    return { url: src, srcset: srcSet, alt: `${name} — image ${i + 1} of ${images.length}` };
  });
  return (
    <>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 160px), 1fr))',
        }}
      >
        {gallery.map((img, i) => (
          <Box component="li" key={images[i]._id}>
            <Box
              component="button"
              type="button"
              onClick={() => setOpen(i)}
              aria-label={`Open image ${i + 1} of ${images.length} of ${name}`}
              sx={{
                p: 0,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1.5,
                overflow: 'hidden',
                cursor: 'zoom-in',
                width: '100%',
                display: 'block',
                bgcolor: 'grey.100',
                '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              <Box
                component="img"
                src={img.url}
                srcSet={img.srcset}
                sizes="(max-width: 600px) 50vw, 200px"
                alt={img.alt}
                loading="lazy"
                width={images[i].width}
                height={images[i].height}
                sx={{ width: '100%', height: 120, objectFit: 'cover', display: 'block' }}
              />
            </Box>
          </Box>
        ))}
      </Box>
      <Gallery open={open !== null} onClose={() => setOpen(null)} images={gallery} title={name} initialIndex={open ?? 0} />
    </>
  );
}

export function DocumentLinks({ documents, empty = 'No documents were uploaded.' }: { documents: readonly FileRef[]; empty?: string }) {
  if (documents.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {documents.map((d) => (
        <Box component="li" key={d._id}>
          <Box
            component="a"
            href={fileUrl(d.url)}
            target="_blank"
            rel="noopener"
            aria-label={`Open ${d.name} (${fileSize(d.size)}, opens in a new tab)`}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              p: 1.25,
              borderRadius: 1.5,
              border: 1,
              borderColor: 'divider',
              color: 'text.primary',
              textDecoration: 'none',
              '&:hover': { borderColor: 'primary.main' },
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            {d.mimeType.startsWith('image/') ? (
              <Box
                sx={{
                  width: 56,
                  height: 56,
                  flexShrink: 0,
                  borderRadius: 1,
                  overflow: 'hidden',
                  bgcolor: 'grey.100',
                  display: 'grid',
                  placeItems: 'center',
                }}
              >
                <Box
                  component="img"
                  src={fileUrl(d.url)}
                  alt=""
                  loading="lazy"
                  sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
              </Box>
            ) : d.mimeType === 'application/pdf' ? (
              <PdfIcon sx={{ color: 'error.main' }} />
            ) : (
              <ImageIcon sx={{ color: 'primary.main' }} />
            )}
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{d.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {[d.mimeType === 'application/pdf' ? 'PDF' : d.mimeType, fileSize(d.size)].join(' · ')}
              </Typography>
            </Box>
            <Typography component="span" variant="body2" sx={{ color: 'primary.main', fontWeight: 600 }}>
              Open
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
