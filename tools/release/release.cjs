// CommonJS entry for scripts that are not TypeScript (nginx/nginx.cjs): the release tool's
// library (index.ts). Jest compiles TypeScript itself; plain Node loads it through tsx.
module.exports = process.env.JEST_WORKER_ID !== undefined
  ? require('./index.ts')
  : require('tsx/cjs/api').require('./index.ts', __filename);
