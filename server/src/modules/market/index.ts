// The market module's public surface: other modules, plugins and app.ts import it from here,
// never from its files.
export { default as marketRoutes } from './routes';
export { scheduleMarketExpiry, scheduleMarketSurveillance } from './job';
export { openFlagCount } from './surveillance';
