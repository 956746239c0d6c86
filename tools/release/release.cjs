// CommonJS entry for scripts that are not TypeScript (nginx/nginx.cjs): the release tool's
// library (index.ts), loaded through tsx.
const { require: tsxRequire } = require('tsx/cjs/api');

module.exports = tsxRequire('./index.ts', __filename);
