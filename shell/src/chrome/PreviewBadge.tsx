// The preview badge (issue 17): a tab that pinned a published version with
// `?preview=mf_public@1.1.0` says so on every page, with a way out; a refused request
// (a version that is not published) says why. federation/selection.ts keeps the pins.
import { useState, useSyncExternalStore } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { Button, MuiThemeProvider } from 'shared-ui/core';
import { getChosenRemotes, onChosenRemotesChange } from '../federation/registry';
import { exitPreview, getRefusedPreviews, PREVIEW_PARAM } from '../federation/selection';

function previews(): string {
  return getChosenRemotes()
    .filter((c) => c.channel === 'preview')
    .map((c) => `${c.name} ${c.version}`)
    .join(', ');
}

/** The page's address without `?preview=`: leaving preview must not pin it again. */
export function withoutPreviewParam(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(PREVIEW_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Loaded only in a preview tab; it renders MUI, under MUI's theme (the shell's App has none). */
export function PreviewBadge() {
  return (
    <MuiThemeProvider>
      <Badge />
    </MuiThemeProvider>
  );
}

function Badge() {
  // A preview that failed falls back to stable: the badge then disappears with it.
  const pinned = useSyncExternalStore(onChosenRemotesChange, previews, previews);
  const [refusedShown, setRefusedShown] = useState(true);
  const refused = getRefusedPreviews();
  if (!pinned && !(refused.length && refusedShown)) return null;
  return (
    <Box
      role="status"
      aria-label="Preview"
      sx={{
        position: 'fixed',
        left: 16,
        bottom: 16,
        zIndex: 1400,
        maxWidth: 'calc(100vw - 32px)',
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        flexWrap: 'wrap',
        px: 2,
        py: 1,
        borderRadius: 2,
        bgcolor: '#5b21b6',
        color: '#fff',
        boxShadow: 3,
      }}
    >
      {pinned ? (
        <>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            Preview: {pinned}
          </Typography>
          <Button
            variant="filled-white"
            size="SM"
            onClick={() => {
              exitPreview();
              window.location.assign(withoutPreviewParam(window.location.href));
            }}
          >
            Exit preview
          </Button>
        </>
      ) : (
        <>
          <Typography component="span">
            Preview refused: {refused.map((r) => `${r.remote} ${r.version}`).join(', ')} is not published
          </Typography>
          <Button variant="filled-white" size="SM" onClick={() => setRefusedShown(false)}>
            Dismiss
          </Button>
        </>
      )}
    </Box>
  );
}
