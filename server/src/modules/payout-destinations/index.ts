// The payout-destinations module's public surface: other modules, plugins and app.ts import it from here,
// never from its files.
export { default as payoutDestinationRoutes } from './routes';
export { PayoutDestinationDetailsSchema, PayoutDestinationSchema } from './schemas';
export { destinationsById, destinationsInFull, payoutDestinationInFull, resealAll, type DestinationInFull } from './service';
export { appKeyRing, keyRing, needsReseal, seal, unseal, type KeyRing } from './crypto';
