import { Box, Typography } from 'shared-ui/mui-core';
import { Paper } from 'shared-ui/mui-surfaces';
import { fileUrl } from 'shared-api';
import type { FileRef } from 'shared-api/contract';
import { PdfIcon } from 'shared-ui/components';
import { DownloadIcon } from '../icons';
import { formatFileSize } from '../lib/images';

/** The property's documents (title deeds, valuations, permits), each to download. */
export function DocumentsList({ documents }: { documents: readonly FileRef[] }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="documents-title" sx={{ p: { xs: 2.5, md: 3 } }}>
      <Typography id="documents-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        Documents
      </Typography>
      {documents.length === 0 ? (
        <Typography color="text.secondary">The owner has not published documents for this property yet.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {documents.map((d) => (
            <Box component="li" key={d._id}>
              <Box
                component="a"
                href={fileUrl(d.url)}
                download={d.name}
                target="_blank"
                rel="noopener"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.5,
                  p: 1.5,
                  borderRadius: 2,
                  border: 1,
                  borderColor: 'divider',
                  color: 'text.primary',
                  textDecoration: 'none',
                  '&:hover': { borderColor: 'primary.main', bgcolor: '#E8F0FB' },
                  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                }}
              >
                <PdfIcon sx={{ color: 'error.main' }} />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{d.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[d.mimeType === 'application/pdf' ? 'PDF' : d.mimeType, formatFileSize(d.size)].filter(Boolean).join(' · ')}
                  </Typography>
                </Box>
                <Box
                  component="span"
                  sx={{
                    display: 'inline-flex',
                    alignItems: 'center',
                    gap: 0.5,
                    color: 'primary.main',
                    fontWeight: 600,
                    fontSize: '0.875rem',
                  }}
                >
                  <DownloadIcon fontSize="small" />
                  Download
                </Box>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
