// The page's error boundary: a canary (or preview) whose first page throws while rendering
// falls back to the stable build with no panel; a stable page that throws shows the panel.
import { render, screen } from '@testing-library/react';
import { AppThemeProvider } from 'shared-ui/core';
import { chooseRemotes, chosenRemote, setChosenRemotes, type Registry } from './registry';
import { resetFallbacks } from './fallback';
import { resetHealth, takeReport } from './health';
import { RemotePage } from './remote-page';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(() => Promise.resolve()),
  registerRemotes: jest.fn(),
}));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const runtime = require('@module-federation/enhanced/runtime') as { loadRemote: jest.Mock; registerRemotes: jest.Mock };

const registry: Registry = {
  mf_public: {
    stable: { version: '1.0.0', entry: '/remotes/mf_public/1.0.0/mf-manifest.json' },
    canary: { version: '1.1.0', entry: '/remotes/mf_public/1.1.0/mf-manifest.json', percent: 100 },
  },
  mf_admin: { stable: { version: '2.0.0', entry: '/remotes/mf_admin/2.0.0/mf-manifest.json' } },
};

function Throws({ what }: { what: string }): never {
  throw new Error(what);
}

beforeEach(() => {
  resetHealth();
  resetFallbacks();
  runtime.registerRemotes.mockClear();
  setChosenRemotes(chooseRemotes(registry, 'any'));
  // What the runtime would load: the version in use at the time of the call.
  runtime.loadRemote.mockImplementation((id: string) => {
    const c = chosenRemote(id.split('/')[0])!;
    const Page =
      c.channel === 'canary' || c.name === 'mf_admin'
        ? () => <Throws what={`${c.name} ${c.version} broke`} />
        : () => <h1>{`${c.name} ${c.version} page`}</h1>;
    return Promise.resolve({ default: Page });
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test("a canary whose first page throws while rendering: the stable page, no panel, the error is the canary's", async () => {
  render(
    <AppThemeProvider>
      <RemotePage target={{ remote: 'mf_public', module: 'Landing' }} />
    </AppThemeProvider>,
  );
  expect(await screen.findByRole('heading', { name: 'mf_public 1.0.0 page' })).toBeInTheDocument();
  expect(screen.queryByText('This area is unavailable')).toBeNull();
  expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'mf_public', entry: '/remotes/mf_public/1.0.0/mf-manifest.json' }], {
    force: true,
  });
  expect(chosenRemote('mf_public')).toMatchObject({ channel: 'stable', version: '1.0.0' });
  expect(takeReport()!.items).toEqual([
    expect.objectContaining({
      remote: 'mf_public',
      version: '1.1.0',
      channel: 'canary',
      errors: 1,
      detail: 'error while rendering: mf_public 1.1.0 broke',
    }),
  ]);
});

test('a stable page that throws shows the panel, and the error is counted once', async () => {
  render(
    <AppThemeProvider>
      <RemotePage target={{ remote: 'mf_admin', module: 'Users' }} />
    </AppThemeProvider>,
  );
  expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();
  expect(runtime.registerRemotes).not.toHaveBeenCalled();
  expect(takeReport()!.items).toEqual([expect.objectContaining({ remote: 'mf_admin', version: '2.0.0', channel: 'stable', errors: 1 })]);
});
