// One function per route of the API, grouped by resource. The admin console's own calls are
// in 'shared-api/admin' (src/admin), which only the admin remote bundles.
export * from './auth';
export * from './users';
export * from './properties';
export * from './support';
export * from './general';
export * from './wallets';
export * from './payments';
export * from './orders';
export * from './holdings';
export * from './transactions';
export * from './statements';
export { query as toSearchParams } from './query';
export * from './returns';
export * from './market';
export * from './notifications';
