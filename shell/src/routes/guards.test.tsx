// Issue 16: a guest turned away from a dashboard page goes to /login?next=<that page>;
// a signed-in person opening /login or /signup goes to the dashboard.
import { act, render, screen } from '@testing-library/react';
import { getMe } from 'shared-api';
import { Route, Routes, useLocation } from 'shared-ui/router';
import { MemoryRouter } from 'shared-ui/testing';
import { useSessionStore } from 'shared-api';

jest.mock('shared-api', () => ({ ...jest.requireActual('shared-api'), getMe: jest.fn() }));
jest.mock('../federation/remote-page', () => ({
  RemotePage: ({ target }: { target: { module: string } }) => <p>remote {target.module}</p>,
}));

import { Guarded } from './AppRoutes';
import { loginRedirect, routeTable } from './route-table';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function at(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        {routeTable.map((r) => (
          <Route
            key={r.path}
            path={r.path}
            element={
              <>
                <Guarded route={r} />
                <Where />
              </>
            }
          />
        ))}
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  useSessionStore.getState().clearSession();
  jest.clearAllMocks();
});

test('loginRedirect keeps same-app paths only', () => {
  expect(loginRedirect('/dashboard/wallet?tab=2')).toBe('/login?next=%2Fdashboard%2Fwallet%3Ftab%3D2');
  expect(loginRedirect('//evil.example/x')).toBe('/login');
  expect(loginRedirect('/\\evil.example')).toBe('/login');
  expect(loginRedirect('https://evil.example')).toBe('/login');
  expect(loginRedirect('/dash\nboard')).toBe('/login');
  expect(loginRedirect('/login?next=%2Fx')).toBe('/login');
});

test('a guest on a dashboard page goes to /login with the page to return to', () => {
  at('/dashboard/wallet');
  expect(screen.getByTestId('where')).toHaveTextContent('/login?next=%2Fdashboard%2Fwallet');
  expect(screen.getByText('remote Login')).toBeInTheDocument();
});

test('a signed-in person opening /login or /signup goes to the dashboard, or where ?next= was heading', () => {
  useSessionStore.getState().setSession({ _id: 'u1', role: 'INVESTOR', firstName: 'A', lastName: 'B' } as never, 'tok');
  for (const [url, to] of [
    ['/login', /^\/dashboard$/],
    ['/signup', /^\/dashboard$/],
    // A link made for a guest (a server-rendered "Invest now"): the page it was heading to.
    ['/login?next=%2Fdashboard%2Fwallet', /^\/dashboard\/wallet$/],
    ['/login?next=%2Fproperties%2Fp1', /^\/properties\/p1$/],
    // Never another site, nor back to /login.
    ['/login?next=%2F%2Fevil.example', /^\/dashboard$/],
    ['/login?next=https%3A%2F%2Fevil.example', /^\/dashboard$/],
    ['/login?next=%2Flogin%3Fnext%3D%252Fx', /^\/dashboard$/],
  ] as const) {
    const { unmount } = at(url);
    expect(screen.getByTestId('where')).toHaveTextContent(to);
    unmount();
  }
});

test('a guest sees /login and /signup', () => {
  const { unmount } = at('/login');
  expect(screen.getByText('remote Login')).toBeInTheDocument();
  unmount();
  at('/signup');
  expect(screen.getByText('remote Signup')).toBeInTheDocument();
});

test('signing in on /login does not bounce to the dashboard: the login page sends the person on', () => {
  at('/login?next=%2Fdashboard%2Fwallet');
  expect(screen.getByText('remote Login')).toBeInTheDocument();
  act(() => useSessionStore.getState().setSession({ _id: 'u1', role: 'INVESTOR', firstName: 'A', lastName: 'B' } as never, 'tok'));
  expect(screen.getByTestId('where')).toHaveTextContent('/login?next=%2Fdashboard%2Fwallet');
});

test("an admin page the admin's role may not use says so; one it may use renders", async () => {
  jest.mocked(getMe).mockResolvedValue({ _id: 'a1', role: 'ADMIN', adminRole: 'SUPPORT', firstName: 'A', lastName: 'B' } as never);
  useSessionStore.getState().setSession({ _id: 'a1', role: 'ADMIN', adminRole: 'SUPPORT', firstName: 'A', lastName: 'B' } as never, 'tok');
  const { unmount } = at('/dashboard/payouts');
  expect(await screen.findByRole('alert')).toHaveTextContent('Not allowed for your role');
  expect(screen.queryByText('remote Payouts')).not.toBeInTheDocument();
  unmount();
  at('/dashboard/support');
  expect(await screen.findByText('remote Support')).toBeInTheDocument();
});

test('an admin whose stored session predates admin roles is asked for again, and the page follows', async () => {
  jest.mocked(getMe).mockResolvedValue({ _id: 'a1', role: 'ADMIN', adminRole: 'FINANCE', firstName: 'A', lastName: 'B' } as never);
  useSessionStore.getState().setSession({ _id: 'a1', role: 'ADMIN', firstName: 'A', lastName: 'B' } as never, 'tok');
  at('/dashboard/payouts');
  expect(await screen.findByText('remote Payouts')).toBeInTheDocument();
  expect(getMe).toHaveBeenCalledTimes(1);
});

test('a role widened since sign-in: the refused page asks the server again and then renders', async () => {
  jest.mocked(getMe).mockResolvedValue({ _id: 'a1', role: 'ADMIN', adminRole: 'FINANCE', firstName: 'A', lastName: 'B' } as never);
  useSessionStore.getState().setSession({ _id: 'a1', role: 'ADMIN', adminRole: 'SUPPORT', firstName: 'A', lastName: 'B' } as never, 'tok');
  at('/dashboard/payouts');
  expect(await screen.findByText('remote Payouts')).toBeInTheDocument();
  expect(useSessionStore.getState().user?.adminRole).toBe('FINANCE');
});
