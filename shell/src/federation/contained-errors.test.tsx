// An error a remote's code throws after its page rendered (a click handler, a promise nobody
// catches) replaces only that remote's area with the error panel: the chrome and the other
// remotes' areas keep working, and the global error screen stays for the shell's own errors.
// A tab whose version was replaced and pruned offers a reload instead of "unavailable".
import { useEffect, useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppThemeProvider } from 'shared-ui/core';
import { MESSAGES } from 'shared-api/contract/basics';
import { GlobalErrorScreen } from '../chrome/GlobalErrorScreen';
import { chooseRemotes, chosenRemote, setChosenRemotes, type Registry } from './registry';
import { resetFallbacks } from './fallback';
import { resetHealth, takeReport } from './health';
import { UNAVAILABLE } from './runtime-plugin';
import { RemotePage } from './remote-page';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(() => Promise.resolve()),
  registerRemotes: jest.fn(),
}));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const runtime = require('@module-federation/enhanced/runtime') as { loadRemote: jest.Mock };

const registry: Registry = {
  mf_public: {
    stable: { version: '1.0.0', entry: '/remotes/mf_public/1.0.0/mf-manifest.json' },
    canary: { version: '1.1.0', entry: '/remotes/mf_public/1.1.0/mf-manifest.json', percent: 100 },
  },
  mf_admin: { stable: { version: '2.0.0', entry: '/remotes/mf_admin/2.0.0/mf-manifest.json' } },
};

/** An error whose stack says it was thrown in `file` (as Chromium writes it), called from React's code in the shell. */
function thrownIn(file: string, message: string): Error {
  const e = new Error(message);
  e.stack = `Error: ${message}\n    at onClick (${window.location.origin}${file}:1:200)\n    at d (${window.location.origin}/shell/1.0.0/react-dom.js:1:900)`;
  return e;
}

function canaryPage() {
  const c = chosenRemote('mf_public')!;
  const file = `/remotes/mf_public/${c.version}/about.js`;
  return function About() {
    return (
      <section>
        <h1>{`About ${c.version}`}</h1>
        <button
          onClick={() => {
            throw thrownIn(file, `canary ${c.version} broke on click`);
          }}
        >
          Break
        </button>
      </section>
    );
  };
}

beforeEach(() => {
  resetHealth();
  resetFallbacks();
  setChosenRemotes(chooseRemotes(registry, 'any'));
  runtime.loadRemote.mockImplementation((id: string) =>
    Promise.resolve({ default: id.startsWith('mf_public') ? canaryPage() : () => <h1>Admin users</h1> }),
  );
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function App() {
  return (
    <AppThemeProvider>
      <GlobalErrorScreen>
        <nav aria-label="Main">
          <button
            onClick={() => {
              throw thrownIn('/shell/1.0.0/main.js', 'the shell broke');
            }}
          >
            Shell button
          </button>
        </nav>
        <main>
          <RemotePage target={{ remote: 'mf_public', module: 'About' }} />
        </main>
        <aside>
          <RemotePage target={{ remote: 'mf_admin', module: 'Users' }} />
        </aside>
      </GlobalErrorScreen>
    </AppThemeProvider>
  );
}

test("a canary's click handler that throws: its area shows the panel, the rest stays, the error is the canary's", async () => {
  const user = userEvent.setup();
  render(<App />);
  await screen.findByRole('heading', { name: 'About 1.1.0' });
  await screen.findByRole('heading', { name: 'Admin users' });

  await user.click(screen.getByRole('button', { name: 'Break' }));
  const panel = await screen.findByRole('alert');
  expect(panel).toHaveTextContent('Something went wrong in this area');
  expect(panel).toHaveTextContent('Error: canary 1.1.0 broke on click');
  expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  // Only that area: the chrome, the other remote and no global screen.
  expect(screen.queryByRole('heading', { name: 'About 1.1.0' })).toBeNull();
  expect(screen.getByRole('heading', { name: 'Admin users' })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  expect(screen.queryByText(MESSAGES.globalError)).toBeNull();
  // The canary stays the version in use (no fallback after its page rendered).
  expect(chosenRemote('mf_public')).toMatchObject({ channel: 'canary', version: '1.1.0' });
  // (Loads are the runtime plugin's to record, mocked here.)
  expect(takeReport()!.items).toEqual([
    expect.objectContaining({
      remote: 'mf_public',
      version: '1.1.0',
      channel: 'canary',
      errors: 1,
      detail: 'error after render: canary 1.1.0 broke on click',
    }),
  ]);

  // Retry renders the area again.
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  await screen.findByRole('heading', { name: 'About 1.1.0' });
  expect(screen.queryByRole('alert')).toBeNull();
});

test('an unhandled rejection of a remote is contained to its area', async () => {
  render(<App />);
  await screen.findByRole('heading', { name: 'About 1.1.0' });
  const event = Object.assign(new Event('unhandledrejection'), { reason: thrownIn('/remotes/mf_public/1.1.0/about.js', 'no catch') });
  act(() => {
    window.dispatchEvent(event);
  });
  expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong in this area');
  expect(screen.getByRole('heading', { name: 'Admin users' })).toBeInTheDocument();
  expect(takeReport()!.items).toEqual(
    expect.arrayContaining([expect.objectContaining({ version: '1.1.0', errors: 1, detail: 'unhandled rejection: no catch' })]),
  );
});

test("the shell's own error still shows the global error screen", async () => {
  const user = userEvent.setup();
  render(<App />);
  await screen.findByRole('heading', { name: 'About 1.1.0' });
  await user.click(screen.getByRole('button', { name: 'Shell button' }));
  expect(await screen.findByText(MESSAGES.globalError)).toBeInTheDocument();
  expect(takeReport()).toBeNull();
});

test('an effect that throws after the area rendered: the error panel, counted against the version in use', async () => {
  const user = userEvent.setup();
  function Page() {
    const [on, setOn] = useState(false);
    useEffect(() => {
      if (on) throw new Error('effect broke');
    }, [on]);
    return <button onClick={() => setOn(true)}>Turn on</button>;
  }
  runtime.loadRemote.mockImplementation(() => Promise.resolve({ default: Page }));
  render(<RemotePage target={{ remote: 'mf_public', module: 'Privacy' }} />);
  await user.click(await screen.findByRole('button', { name: 'Turn on' }));
  expect(await screen.findByRole('heading', { name: 'Something went wrong in this area' })).toBeInTheDocument();
  expect(screen.getByText('Error: effect broke')).toBeInTheDocument();
  // The page had rendered: no fallback, the canary keeps its error.
  expect(chosenRemote('mf_public')).toMatchObject({ channel: 'canary', version: '1.1.0' });
  expect(takeReport()!.items).toEqual([
    expect.objectContaining({ version: '1.1.0', channel: 'canary', errors: 1, detail: 'error while rendering: effect broke' }),
  ]);
});

describe('a tab whose version is gone', () => {
  const fetchMock = jest.fn();
  const realFetch = global.fetch;
  afterAll(() => {
    global.fetch = realFetch;
  });
  beforeEach(() => {
    // The runtime plugin's stand-in for a remote that could not be loaded (chunks gone).
    runtime.loadRemote.mockImplementation(() =>
      Promise.resolve({
        default: () => {
          throw Object.assign(new Error('Remote mf_admin is unavailable'), { [UNAVAILABLE]: true });
        },
      }),
    );
    global.fetch = fetchMock as unknown as typeof fetch;
  });
  const answer = (reg: Registry) => fetchMock.mockResolvedValue({ ok: true, json: () => Promise.resolve(reg) });

  test('the registry moved on: "A newer version is available" and Reload', async () => {
    answer({ ...registry, mf_admin: { stable: { version: '2.1.0', entry: '/remotes/mf_admin/2.1.0/mf-manifest.json' } } });
    render(<RemotePage target={{ remote: 'mf_admin', module: 'Audit' }} />);
    expect(await screen.findByRole('heading', { name: 'A newer version is available' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByText('This area is unavailable')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', { cache: 'no-cache' });
  });

  test("a chunk of the remote's own lazy parts that is gone, after the area rendered: the same offer", async () => {
    answer({ ...registry, mf_public: { stable: { version: '1.2.0', entry: '/remotes/mf_public/1.2.0/mf-manifest.json' } } });
    runtime.loadRemote.mockImplementation(() => Promise.resolve({ default: canaryPage() }));
    render(<App />);
    await screen.findByRole('heading', { name: 'About 1.1.0' });
    const gone = Object.assign(thrownIn('/remotes/mf_public/1.1.0/runtime.js', 'Loading chunk 512 failed.'), { name: 'ChunkLoadError' });
    act(() => {
      window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: gone }));
    });
    expect(await screen.findByRole('heading', { name: 'A newer version is available' })).toBeInTheDocument();
  });

  test('the version is still live: "This area is unavailable" and Retry, as before', async () => {
    answer(registry);
    render(<RemotePage target={{ remote: 'mf_admin', module: 'Payouts' }} />);
    expect(await screen.findByRole('heading', { name: 'This area is unavailable' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  test('the registry cannot be read: "This area is unavailable"', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<RemotePage target={{ remote: 'mf_admin', module: 'Orders' }} />);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'This area is unavailable' })).toBeInTheDocument());
  });
});
