// react-router 7 under jsdom needs TextEncoder; Testing Library matchers.
const { TextEncoder, TextDecoder } = require('node:util');
if (!global.TextEncoder) global.TextEncoder = TextEncoder;
if (!global.TextDecoder) global.TextDecoder = TextDecoder;
require('@testing-library/jest-dom');
// Lazy chunks and chained calls on a busy machine: give async queries time.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
