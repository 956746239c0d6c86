// The telemetry module's public surface: app.ts and the SSR plugin import it from here, never from its files.
export { default as telemetryRoutes } from './routes';
export { issueView } from './service';
export { telemetryHousekeeping } from './housekeeping';
