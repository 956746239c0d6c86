// Test helpers for every remote: render a page the way the shell provides it (theme,
// toasts, a memory router, a query client), plus small utilities the page tests share.
// Test-only: never imported by application code, never shared through federation.
import type { ReactElement } from 'react';
import { act, render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Route, Routes, useLocation } from 'shared-ui/router';
import { QueryProvider, createQueryClient, type QueryClient } from 'shared-api/query';
import { AppThemeProvider } from '../theme-provider';
import { ToastProvider } from '../toast';

/** Shows the current location, so tests can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search + location.hash}</div>;
}

export interface RenderPageOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Initial URL (default '/'). */
  url?: string;
  /** Route pattern the page is mounted on, for useParams (default '*'), e.g. '/properties/:id'. */
  path?: string;
  /** user-event options, e.g. `{ advanceTimers: jest.advanceTimersByTime }` with fake timers. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
  /** The page's query client (default: a new one per render, so no test sees another's cache). */
  queryClient?: QueryClient;
}

/** A query client for one test: the platform's defaults, no retries (a failure shows at once), no garbage-collection timers. */
export function testQueryClient(): QueryClient {
  return createQueryClient({ queries: { retry: false, gcTime: Infinity } });
}

export function renderPage(
  ui: ReactElement,
  { url = '/', path = '*', userOptions, queryClient = testQueryClient(), ...options }: RenderPageOptions = {},
) {
  // user-event honours `accept` by default; the pages' own file checks are under test.
  const user = userEvent.setup({ applyAccept: false, ...userOptions });
  const result = render(
    <AppThemeProvider>
      <ToastProvider>
        <QueryProvider client={queryClient}>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path={path} element={ui} />
              {path !== '*' && <Route path="*" element={<div>Elsewhere</div>} />}
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </QueryProvider>
      </ToastProvider>
    </AppThemeProvider>,
    options,
  );
  return { user, queryClient, ...result, location: () => result.getByTestId('location').textContent ?? '' };
}

/** A promise that never settles: the loading state stays on screen. */
export const never = <T,>(): Promise<T> => new Promise<T>(() => undefined);

/** Lets answers already on their way land inside act (no warnings after a test's last check). */
export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/** Makes MUI's useMediaQuery see a phone (jsdom has no matchMedia): call before rendering. */
export function asPhone(): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: /max-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

/** A small file of the given type; `size` is reported without allocating it. */
export function fakeFile(name: string, type: string, size = 1024): File {
  const file = new File([new Uint8Array(Math.min(size, 64))], name, { type });
  if (size > 64) Object.defineProperty(file, 'size', { value: size });
  return file;
}
