// 'shared-api/contract/dashboard': the parts of the contract only the signed-in screens (and
// the server) use: returns and distributions, statements, listing revisions, the account
// status rules, notices, payout destinations (the admin console's own parts are 'shared-api/contract/admin'). Shared lazily: a dashboard's first page loads
// it, a public page never does (the shell's main.js carries only 'shared-api/contract').
export * from './returns';
export * from './statements';
export * from './revisions';
export * from './progress-reviews';
export * from './status-rules';
export * from './notifications';
export * from './payout-destinations';
export * from './portfolio';
// The admin roles' access matrix: the console's pages and the shell's sidebar and admin gate.
export * from './admin-roles';
