// The portfolio module's public surface: lots, disposals and the engine every investor
// figure comes from. Other modules, plugins and app.ts import it from here.
export { default as portfolioRoutes } from './routes';
export { lastDays, PAID_DAY, portfolioFigures, toSummary } from './service';
export type { EngineResult } from './engine';
