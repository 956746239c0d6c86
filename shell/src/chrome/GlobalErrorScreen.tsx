// Spec 8: any uncaught window error replaces the page with this screen.
import { Component, useEffect, useState, type ReactNode } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { MESSAGES } from 'shared-api/contract/basics';
import { Button } from 'shared-ui/core';

// Browser noise that is not an application failure.
const BENIGN = [/ResizeObserver loop/i];

export function ErrorScreen() {
  return (
    <Box role="alert" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {MESSAGES.globalError}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2 }}>
          <Button variant="filled-blue" size="MD" onClick={() => window.location.reload()}>
            Refresh
          </Button>
          <Button variant="outline-blue" size="MD" onClick={() => window.location.assign('/')}>
            Homepage
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

class RenderBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

export function GlobalErrorScreen({ children }: { children: ReactNode }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const onError = (e: ErrorEvent) => {
      const text = String(e.message ?? e.error ?? '');
      if (BENIGN.some((re) => re.test(text))) return;
      setFailed(true);
    };
    window.addEventListener('error', onError);
    return () => window.removeEventListener('error', onError);
  }, []);
  if (failed) return <ErrorScreen />;
  return <RenderBoundary>{children}</RenderBoundary>;
}
