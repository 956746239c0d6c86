import { BrowserRouter } from 'shared-ui/router';
import { AppThemeProvider, ToastProvider } from 'shared-ui/core';
import { GlobalErrorScreen } from './chrome/GlobalErrorScreen';
import { AppRoutes } from './routes/AppRoutes';
import { lazy, Suspense } from 'react';
import { getChosenRemotes } from './federation/registry';
import { getRefusedPreviews } from './federation/selection';

// Only a tab that asked for a preview loads the badge (it is not in main.js).
const PreviewBadge = lazy(() => import('./chrome/PreviewBadge').then((m) => ({ default: m.PreviewBadge })));
const previewAsked = () => getRefusedPreviews().length > 0 || getChosenRemotes().some((c) => c.channel === 'preview');

export function App() {
  return (
    <AppThemeProvider>
      <ToastProvider>
        <GlobalErrorScreen>
          <BrowserRouter>
            <AppRoutes />
            {previewAsked() && (
              <Suspense fallback={null}>
                <PreviewBadge />
              </Suspense>
            )}
          </BrowserRouter>
        </GlobalErrorScreen>
      </ToastProvider>
    </AppThemeProvider>
  );
}
