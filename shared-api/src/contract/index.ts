// 'shared-api/contract': what every screen and the server read (enums, types, paths,
// figures, money, validation). Shared lazily: it loads with the first page that imports it.
// Its basics (brand, limits, paths, messages, photo sizes) are also the eager subpath
// 'shared-api/contract/basics', which the shell's main.js and the public pages' first screen
// import instead, so a first visit to `/` downloads none of the rest.
export * from './basics';
export * from './enums';
export * from './types';
export * from './us-states';
export * from './figures';
export * from './money';
export * from './validation';
export * from './requests';
export * from './responses';
export type * from './kyc';
// The domain parts only some pages use are subpaths of their own, shared lazily (loaded
// by the first page that imports one): 'shared-api/contract/dashboard' (returns,
// statements, revisions, status rules, notifications, payout destinations: the signed-in
// screens) and 'shared-api/contract/market' (the secondary market, also on the public
// property page). Their types are re-exported here, so `import type` from
// 'shared-api/contract' keeps working; their values (constants, labels, rules) come from
// the subpath. tools/codemods/contract-subpaths.py points imports at them.
export type * from './statements';
export type * from './returns';
export type * from './revisions';
export type * from './progress-reviews';
export type * from './status-rules';
export type * from './notifications';
export type * from './payout-destinations';
export type * from './payout-ops';
export type * from './market';
export type * from './portfolio';
export * from './two-factor';
export type * from './passkeys';
export type * from './approvals';
export type * from './admin-team';
export type * from './admin-search';
export type * from './admin-roles';
export type * from './handover';
export type * from './proposals';
export type * from './exits';
export type * from './integrity';
export type * from './chain';
export type * from './token-claims';
