// 'shared-api/contract/admin': the parts of the contract only the admin console (and the
// server) use: verification cases, four eyes, the admin team, payout batches and the
// reconciliation. Not a shared module: the admin remote bundles it (constants and words, no
// state), so neither a public page, an investor's or owner's dashboard nor any remote's entry
// carries it. Their types are also re-exported by 'shared-api/contract'.
export * from './kyc';
export * from './approvals';
export * from './admin-team';
export * from './payout-ops';
export * from './admin-search';
export * from './order-ops';
export * from './audit-actions';
export * from './handover';
export * from './exits';
export * from './integrity';
