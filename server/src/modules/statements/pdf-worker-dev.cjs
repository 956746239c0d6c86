// Loads the TypeScript worker when the server runs from source (tsx, ts-jest): a worker
// thread does not inherit the parent's TypeScript loader, so it registers tsx's own.
// The built server (build.mjs) bundles pdf-worker.ts as dist/pdf-worker.js instead.
require('tsx/cjs/api').register();
module.exports = require('./pdf-worker').default;
