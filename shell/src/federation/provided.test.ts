import { providedEntries } from './provided';

// tools/webpack/shared.cjs is the one list of shared entries; the shell must provide each.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sharedConfig } = require('../../../tools/webpack/shared.cjs') as { sharedConfig: () => Record<string, unknown> };

test('the shell provides every shared entry the remotes consume', () => {
  const keys = Object.keys(sharedConfig()).filter((k) => !k.endsWith('/'));
  // Prefix keys (react/, react-dom/) are provided through the entries used under them.
  expect(
    Object.keys(providedEntries)
      .filter((k) => !['react/jsx-runtime', 'react-dom/client'].includes(k))
      .sort(),
  ).toEqual(keys.sort());
});
