import { Box, Typography } from 'shared-ui/mui-core';
import { fileUrl } from 'shared-api';
import { displayFileName, type PropertyRevision, type RevisionFileChange } from 'shared-api/contract';
import { REVISION_FIELD_LABELS, formatRevisionValue } from 'shared-api/contract/dashboard';

export interface RevisionChangesProps {
  revision: PropertyRevision;
  /** Heading level of the two parts' titles. */
  headingLevel?: 'h3' | 'h4';
}

const NOUN = { IMAGE: 'Image', DOCUMENT: 'Document' } as const;

function describe(c: RevisionFileChange): string {
  const noun = NOUN[c.kind];
  if (c.change === 'ADDED') return `${noun} added at position ${c.to}`;
  if (c.change === 'REMOVED') return `${noun} removed (was at position ${c.from})`;
  return `${noun} moved from position ${c.from} to ${c.to}`;
}

const cell = { textAlign: 'left', verticalAlign: 'top', p: 1, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' } as const;

/**
 * What a revision of a live listing changes, field by field (live value → proposed) and
 * file by file (added, removed, moved; image 1 is the cover). Shown to the owner ("Changes
 * under review") and to the admin who decides.
 */
export function RevisionChanges({ revision: r, headingLevel = 'h3' }: RevisionChangesProps) {
  const nothing = r.fieldChanges.length === 0 && r.fileChanges.length === 0;
  if (nothing) return <Typography variant="body2">No differences from the live listing.</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {r.fieldChanges.length > 0 && (
        <Box>
          <Typography component={headingLevel} variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
            Details
          </Typography>
          <Box component="table" aria-label="Changed details" sx={{ width: '100%', borderCollapse: 'collapse', fontSize: '0.875rem' }}>
            <thead>
              <tr>
                <Box component="th" scope="col" sx={cell}>
                  Field
                </Box>
                <Box component="th" scope="col" sx={cell}>
                  Live now
                </Box>
                <Box component="th" scope="col" sx={cell}>
                  Proposed
                </Box>
              </tr>
            </thead>
            <tbody>
              {r.fieldChanges.map((c) => (
                <tr key={c.field}>
                  <Box component="th" scope="row" sx={{ ...cell, fontWeight: 600 }}>
                    {REVISION_FIELD_LABELS[c.field]}
                  </Box>
                  <Box component="td" sx={{ ...cell, color: 'text.secondary', textDecoration: 'line-through', whiteSpace: 'pre-wrap' }}>
                    {formatRevisionValue(c.field, c.from)}
                  </Box>
                  <Box component="td" sx={{ ...cell, fontWeight: 600, whiteSpace: 'pre-wrap' }}>
                    {formatRevisionValue(c.field, c.to)}
                  </Box>
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      )}
      {r.fileChanges.length > 0 && (
        <Box>
          <Typography component={headingLevel} variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
            Images and documents
          </Typography>
          {r.coverChanged && (
            <Typography variant="body2" sx={{ mb: 1 }}>
              The cover image changes.
            </Typography>
          )}
          <Box component="ul" aria-label="Changed files" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {r.fileChanges.map((c) => (
              <Box component="li" key={`${c.change}-${c.fileId}`} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                {c.kind === 'IMAGE' ? (
                  <Box
                    component="img"
                    src={fileUrl(c.url)}
                    alt=""
                    loading="lazy"
                    sx={{
                      width: 64,
                      height: 48,
                      objectFit: 'cover',
                      borderRadius: 1,
                      border: 1,
                      borderColor: 'divider',
                      opacity: c.change === 'REMOVED' ? 0.5 : 1,
                    }}
                  />
                ) : null}
                <Typography variant="body2">
                  <strong>{describe(c)}</strong>
                  {c.kind === 'IMAGE' && c.to === 1 ? ' (new cover)' : ''}: {displayFileName(c.name)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
