// CommonJS entry for scripts that are not TypeScript (nginx/nginx.cjs): the release tool's
// library (index.ts). Inside jest (which compiles TypeScript itself, and gives modules a
// `jest` binding) a plain require; in plain Node (also a child process of a test) tsx.
module.exports = typeof jest !== 'undefined' ? require('./index.ts') : require('tsx/cjs/api').require('./index.ts', __filename);
