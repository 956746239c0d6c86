// The orders module's public surface: other modules, plugins and app.ts import it from here,
// never from its files.
export { default as orderRoutes } from './routes';
export { IdempotencyHeaders, PropertySummarySchema, UserIdParams } from './schemas';
