// The exits module's public surface (a property's sale): app.ts registers its routes; a
// listing's read carries the sale's figures, read and shaped here alone.
export { default as exitRoutes } from './routes';
export { soldFiguresOf } from './service';
export { SoldPropertyFiguresSchema } from './schemas';
