import { BrowserRouter } from 'shared-ui/router';
import { BaseStyles, ToastProvider } from 'shared-ui/base';
import { GlobalErrorScreen } from './chrome/GlobalErrorScreen';
import { AppRoutes } from './routes/AppRoutes';
import { lazy, Suspense } from 'react';
import { getChosenRemotes } from './federation/registry';
import { getRefusedPreviews } from './federation/selection';

// Only a tab that asked for a preview loads the badge (it is not in main.js).
const PreviewBadge = lazy(() => import('./chrome/PreviewBadge').then((m) => ({ default: m.PreviewBadge })));
const previewAsked = () => getRefusedPreviews().length > 0 || getChosenRemotes().some((c) => c.channel === 'preview');

// No MUI theme here: the public chrome and the landing page render without MUI (BaseStyles
// gives the page MUI's baseline styles); what renders MUI gets its theme with its code
// (RemotePage, the dashboard chrome, menus, toasts). docs/frontend.md.
export function App() {
  return (
    <>
      <BaseStyles />
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
    </>
  );
}
