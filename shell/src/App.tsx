import { BrowserRouter } from 'shared-ui/router';
import { AppThemeProvider, ToastProvider } from 'shared-ui/core';
import { GlobalErrorScreen } from './chrome/GlobalErrorScreen';
import { AppRoutes } from './routes/AppRoutes';
import { PreviewBadge } from './chrome/PreviewBadge';

export function App() {
  return (
    <AppThemeProvider>
      <ToastProvider>
        <GlobalErrorScreen>
          <BrowserRouter>
            <AppRoutes />
            <PreviewBadge />
          </BrowserRouter>
        </GlobalErrorScreen>
      </ToastProvider>
    </AppThemeProvider>
  );
}
