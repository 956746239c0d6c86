const { seedTemplate } = require('./platform.cjs');

module.exports = async function globalSetup() {
  const started = Date.now();
  process.env.TESSERA_E2E_TEMPLATE = await seedTemplate();
  console.log(`\ne2e: seeded template database in ${((Date.now() - started) / 1000).toFixed(1)} s`);
};
