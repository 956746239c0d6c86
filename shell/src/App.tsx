import { BrowserRouter } from 'shared-ui/router';
import { AppThemeProvider, ToastProvider } from 'shared-ui/core';
import { GlobalErrorScreen } from './chrome/GlobalErrorScreen';
import { AppRoutes } from './routes/AppRoutes';

export function App() {
  return (
    <AppThemeProvider>
      <ToastProvider>
        <GlobalErrorScreen>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </GlobalErrorScreen>
      </ToastProvider>
    </AppThemeProvider>
  );
}
