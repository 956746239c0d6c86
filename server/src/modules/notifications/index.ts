// The notifications module's public surface: other modules, plugins and app.ts import it from here,
// never from its files.
export { default as notificationRoutes } from './routes';
export { scheduleMailDispatch } from './job';
export { holderNotices, holdersOf, notices, notifyDistributionPaid, notifyPropertySold, proposalNotices } from './notices';
export { notify } from './outbox';
