// The exits module's public surface (a property's sale): app.ts registers its routes.
export { default as exitRoutes } from './routes';
