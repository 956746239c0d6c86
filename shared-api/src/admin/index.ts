// 'shared-api/admin': the admin console's calls, one function per admin route (its queries
// are in 'shared-api/admin/query'). Not a shared module: only the admin remote bundles it, so
// investors' and owners' first visits do not download the console's API. Its files take the
// HTTP client from 'shared-api' (the shared module), never by relative path, so the console
// talks through the one client the shell configured.
export * from './admin';
export * from './approvals';
export * from './auth';
export * from './holdings';
export * from './market';
export * from './orders';
export * from './payouts';
export * from './properties';
export * from './proposals';
export * from './returns';
export * from './statements';
export * from './support';
export * from './transactions';
export * from './users';
export * from './wallets';
