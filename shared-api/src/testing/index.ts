// shared-api/testing: the domain objects every remote's tests build, as the API returns them
// and typed by the contract. One small world: u1 (Ivy Investor) holds and orders units of p1
// (Harbor Lofts, o1's live listing); a builder's defaults are that world, and a test overrides
// what it is about. Test-only: never imported by application code (ESLint refuses it there)
// and never shared through federation.
export { makeAudit, makeMetrics, makeNewUser, makeUser, makeUserDetail } from './people';
export { makeListing, makeProperty, makeRevision, makeSummary, noInvestors, withRev } from './properties';
export { makeCheckout, makeDestination, makeEntry, makeHolding, makeOrder, makePayout, makeWallet } from './money';
export { makeAdminThread, makeContactTicket, makeSupportMessage, makeTicket } from './support';
export { NOW, makeAppraisal, makeDistribution, makeHolderDistribution, makeHoldingReturns, makeReport, makeReturns } from './returns';
export { pageOf, serverDown } from './page';
