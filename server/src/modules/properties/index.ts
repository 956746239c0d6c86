// The properties module's public surface: other modules, plugins and app.ts import it from here,
// never from its files.
export { default as propertyRoutes } from './routes';
export { raisedCents, reservedUnits, soldUnits } from './figures';
export { ImageRefSchema, PropertyIdParams } from './schemas';
export { isPublic, ownerListingFigures } from './service';
export { propertySummaries, toPropertySummary } from './summary';
export { catalogueVersion } from './catalogue-cache';
export { liveListings } from './catalogue';
export { approveProgress, pendingProgressReviews, rejectProgress } from './progress';
export { ProgressReviewListSchema, ProgressUpdateRecordSchema, RejectProgressSchema } from './schemas';
