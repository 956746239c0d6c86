// CommonJS entry for scripts that are not TypeScript (nginx/nginx.cjs): the release tool's
// library (index.ts). Inside jest (which compiles TypeScript itself, and gives modules a
// `jest` binding) a plain require; in plain Node (also a child process of a test) tsx.
/** @type {typeof import('./index')} */
module.exports =
  // @ts-expect-error -- `jest` is bound by jest's module wrapper only (production code has no jest types); the `.ts` path is for jest
  typeof jest !== 'undefined' ? require('./index.ts') : require('tsx/cjs/api').require('./index.ts', __filename);
