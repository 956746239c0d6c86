// Before the server suites' workers start: the migrated PGlite archive every test app starts
// from (pglite-template.ts), made here so that no suite's first hook waits for it, and passed
// to the workers through the environment. Not on PostgreSQL, where apps use schemas instead.
module.exports = async () => {
  if (process.env.DATABASE_URL) return;
  const { register } = require('tsx/cjs/api');
  const unregister = register();
  try {
    const { ensurePgliteTemplate } = require('./pglite-template');
    process.env.TESSERA_PGLITE_TEMPLATE = await ensurePgliteTemplate();
  } finally {
    unregister();
  }
};
