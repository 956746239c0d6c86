// react-router 7 under jsdom needs TextEncoder; Testing Library matchers.
const { TextEncoder, TextDecoder } = require('node:util');
if (!global.TextEncoder) global.TextEncoder = TextEncoder;
// Node's TextDecoder takes no SharedArrayBuffer, which the DOM's type allows.
if (!global.TextDecoder) global.TextDecoder = /** @type {typeof global.TextDecoder} */ (TextDecoder);
// @ts-expect-error -- its types declare the matchers on jest's `expect` globally, not a module
require('@testing-library/jest-dom');
// Lazy chunks and chained calls on a busy machine: give async queries time.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
