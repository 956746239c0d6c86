// The telemetry module's public surface: app.ts imports it from here, never from its files.
export { default as telemetryRoutes } from './routes';
