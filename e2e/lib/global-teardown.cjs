const fs = require('node:fs');
const { tmp } = require('./platform.cjs');

module.exports = async function globalTeardown() {
  if (process.env.E2E_KEEP_TMP !== '1') fs.rmSync(tmp, { recursive: true, force: true });
};
