// Every endpoint function calls its route: method, path, body, query (the console's too).
import * as admin from '../admin';
import * as tokenClaims from '../token-claims';
import * as votes from '../votes';
import * as endpoints from './index';

const api = { ...endpoints, ...admin, ...votes, ...tokenClaims };

const calls: { method: string; path: string; options?: Record<string, unknown> }[] = [];

jest.mock('../client', () => {
  const verb = (method: string) => (path: string, options?: Record<string, unknown>) => {
    calls.push({ method, path, options });
    return { json: () => Promise.resolve({}), blob: () => Promise.resolve(new Blob([''])) };
  };
  return {
    http: { get: verb('GET'), post: verb('POST'), put: verb('PUT'), patch: verb('PATCH'), delete: verb('DELETE') },
    apiUrl: (path: string) => (/^https?:/.test(path) ? path : `https://api.test/${path.replace(/^\/+/, '')}`),
  };
});
jest.mock('../upload', () => ({
  upload: (path: string, form: FormData, opts: { method?: string }) => {
    calls.push({ method: `${opts.method ?? 'PATCH'} multipart`, path, options: { fields: [...new Set([...form.keys()])] } });
    return Promise.resolve({});
  },
}));

const ID = 'a1b2';
const blob = new Blob(['x'], { type: 'image/png' });

const CASES: [string, () => Promise<unknown>, string, string][] = [
  [
    'signupInvestor',
    () => api.signupInvestor({ firstName: 'a', lastName: 'b', email: 'c@d.ef', password: 'x' }),
    'POST',
    'v1/auth/signup/investor',
  ],
  [
    'signupOwner',
    () => api.signupOwner({ firstName: 'a', lastName: 'b', email: 'c@d.ef', password: 'x' }),
    'POST',
    'v1/auth/signup/property-owner',
  ],
  ['signupAdmin', () => api.signupAdmin({ firstName: 'a', lastName: 'b', email: 'c@d.ef', password: 'x' }), 'POST', 'v1/auth/signup/admin'],
  ['signin', () => api.signin({ email: 'a', password: 'b' }), 'POST', 'v1/auth/signin'],
  ['generateOtp', () => api.generateOtp({ email: 'a', purpose: 'VERIFY_EMAIL' }), 'POST', 'v1/auth/otp/generate'],
  ['verifyOtp', () => api.verifyOtp({ email: 'a', code: '1', purpose: 'VERIFY_EMAIL' }), 'POST', 'v1/auth/otp/verify'],
  ['resetPassword', () => api.resetPassword({ email: 'a', code: '1', newPassword: 'x' }), 'POST', 'v1/auth/reset-password'],
  ['logoutSession', () => api.logoutSession(), 'POST', 'v1/auth/logout'],
  ['refreshSession', () => api.refreshSession(), 'POST', 'v1/auth/refresh'],
  ['getMe', () => api.getMe(), 'GET', 'v1/users/me'],
  ['updateMe', () => api.updateMe({ phone: '1' }), 'PATCH', 'v1/users/me'],
  ['getMyMetrics', () => api.getMyMetrics(), 'GET', 'v1/users/me/metrics'],
  ['uploadProfileImage', () => api.uploadProfileImage(blob), 'PATCH multipart', 'v1/users/me/profile-image'],
  ['uploadKyc', () => api.uploadKyc(blob), 'PATCH multipart', 'v1/users/kyc'],
  ['uploadBusinessKyc', () => api.uploadBusinessKyc(blob), 'PATCH multipart', 'v1/users/kyc/business'],
  ['completeOnboarding', () => api.completeOnboarding(), 'PATCH', 'v1/users/me/complete-onboarding'],
  ['updatePassword', () => api.updatePassword({ currentPassword: 'a', newPassword: 'b' }), 'PATCH', 'v1/users/me/update-password'],
  ['getQuestionnaire', () => api.getQuestionnaire(), 'GET', 'v1/users/me/questionnaire'],
  [
    'saveQuestionnaire',
    () =>
      api.saveQuestionnaire({
        investorType: 'RESTRICTED',
        highNetWorthInvestor: false,
        annualIncome100OrMore: null,
        annualIncomeValue: null,
        netAssets: null,
      }),
    'PUT',
    'v1/users/me/questionnaire',
  ],
  ['getUsers', () => api.getUsers({ role: 'INVESTOR' }), 'GET', 'v1/users'],
  ['getUser', () => api.getUser(ID), 'GET', `v1/users/${ID}`],
  ['updateUser', () => api.updateUser(ID, { lastName: 'x' }), 'PATCH', `v1/users/${ID}`],
  ['deleteUser', () => api.deleteUser(ID), 'DELETE', `v1/users/${ID}`],
  ['verifyUser', () => api.verifyUser(ID, { status: 'VERIFIED' }), 'PATCH', `v1/users/verify/${ID}`],
  ['getAdminMe', () => api.getAdminMe(), 'GET', 'v1/admin/me'],
  ['updateAdminMe', () => api.updateAdminMe({ firstName: 'x' }), 'PATCH', 'v1/admin/me'],
  ['getAdmin', () => api.getAdmin(ID), 'GET', `v1/admin/${ID}`],
  ['deleteAdmin', () => api.deleteAdmin(ID), 'DELETE', `v1/admin/${ID}`],
  ['getAdminMetrics', () => api.getAdminMetrics(), 'GET', 'v1/admin/metrics'],
  ['searchAdmin', () => api.searchAdmin('ivy'), 'GET', 'v1/admin/search'],
  ['getAdminInvestorMetrics', () => api.getAdminInvestorMetrics(), 'GET', 'v1/admin/metrics/investor'],
  ['getAdminListingMetrics', () => api.getAdminListingMetrics(), 'GET', 'v1/admin/metrics/listing'],
  ['getAdminOwnerMetrics', () => api.getAdminOwnerMetrics(), 'GET', 'v1/admin/metrics/owner'],
  ['getAuditLog', () => api.getAuditLog({ action: 'user.verify' }), 'GET', 'v1/admin/audit'],
  ['exportAuditCsv', () => api.exportAuditCsv({ action: 'user.verify' }), 'GET', 'v1/admin/audit.csv'],
  ['getTeam', () => api.getTeam(), 'GET', 'v1/admin/team'],
  ['changeAdminRole', () => api.changeAdminRole('a1', 'FINANCE'), 'PATCH', 'v1/admin/team/a1/role'],
  ['getKycCases', () => api.getKycCases({ kind: 'KYB' }), 'GET', 'v1/admin/cases'],
  ['getKycCase', () => api.getKycCase(ID), 'GET', `v1/admin/cases/${ID}`],
  ['viewKycDocument', () => api.viewKycDocument(ID, ID), 'GET', `v1/admin/cases/${ID}/documents/${ID}`],
  ['decideKycCase', () => api.decideKycCase(ID, { decision: 'APPROVE' }), 'POST', `v1/admin/cases/${ID}/decision`],
  ['addKycCaseNote', () => api.addKycCaseNote(ID, { body: 'x' }), 'POST', `v1/admin/cases/${ID}/notes`],
  ['getProperties', () => api.getProperties({ searchName: 'x', status: 'ACTIVE' }), 'GET', 'v1/properties'],
  ['getProperty', () => api.getProperty(ID), 'GET', `v1/properties/${ID}`],
  ['getOwnedProperties', () => api.getOwnedProperties({ searchName: 'x' }), 'GET', 'v1/properties/owned'],
  ['getOwnedProperty', () => api.getOwnedProperty(ID), 'GET', `v1/properties/owned/${ID}`],
  ['deleteOwnedProperty', () => api.deleteOwnedProperty(ID), 'DELETE', `v1/properties/owned/${ID}`],
  [
    'createOffPlanProperty',
    () => api.createOffPlanProperty({ name: 'a', address: 'b', state: 'CA', totalQuantity: 1, unitPrice: 1, roiInFiveYears: 1 }),
    'POST',
    'v1/properties/owned/off-plan',
  ],
  [
    'createRentalReadyProperty',
    () => api.createRentalReadyProperty({ name: 'a', address: 'b', state: 'CA', totalQuantity: 1, unitPrice: 1, roiInFiveYears: 1 }),
    'POST',
    'v1/properties/owned/rental-ready',
  ],
  ['updateOwnedOffPlan', () => api.updateOwnedOffPlan(ID, { name: 'x' }), 'PATCH', `v1/properties/owned/${ID}/off-plan`],
  ['updateOwnedRentalReady', () => api.updateOwnedRentalReady(ID, { name: 'x' }), 'PATCH', `v1/properties/owned/${ID}/rental-ready`],
  ['uploadPropertyImages', () => api.uploadPropertyImages(ID, [blob, blob]), 'PATCH multipart', `v1/properties/owned/${ID}/images`],
  ['uploadPropertyDocuments', () => api.uploadPropertyDocuments(ID, [blob]), 'PATCH multipart', `v1/properties/owned/${ID}/documents`],
  ['deletePropertyFile', () => api.deletePropertyFile(ID, 'f1'), 'DELETE', `v1/properties/owned/${ID}/files/f1`],
  ['updateOffPlanProgress', () => api.updateOffPlanProgress(ID, { percent: 5 }), 'PATCH', `v1/properties/offPlan-progress/${ID}`],
  ['getActiveInvestments', () => api.getActiveInvestments(ID), 'GET', `v1/properties/active-investments/${ID}`],
  ['getActiveInvestmentsOf', () => api.getActiveInvestmentsOf([ID]), 'GET', 'v1/properties/active-investments'],
  ['getOwnersProperties', () => api.getOwnersProperties(ID), 'GET', `v1/properties/owners-property/${ID}`],
  ['getOwnerPropertyView', () => api.getOwnerPropertyView(ID), 'GET', `v1/properties/owner/${ID}`],
  ['deleteProperty', () => api.deleteProperty(ID), 'DELETE', `v1/properties/${ID}`],
  ['adminUpdateRentalReady', () => api.adminUpdateRentalReady(ID, { name: 'x' }), 'PATCH', `v1/properties/${ID}/rental-ready`],
  ['adminUpdateOffPlan', () => api.adminUpdateOffPlan(ID, { progress: 3 }), 'PATCH', `v1/properties/${ID}/off-plan`],
  ['reviewProperty', () => api.reviewProperty(ID, { decision: 'APPROVE' }), 'PATCH', `v1/properties/${ID}/review`],
  [
    'setPropertyFileOrder',
    () => api.setPropertyFileOrder(ID, { kind: 'PROPERTY_IMAGE', ids: ['f1'] }),
    'PUT',
    `v1/properties/owned/${ID}/files/order`,
  ],
  ['getPendingRevisions', () => api.getPendingRevisions(), 'GET', 'v1/properties/revisions'],
  ['getProgressReviews', () => api.getProgressReviews(), 'GET', 'v1/admin/progress-reviews'],
  ['approveProgressReview', () => api.approveProgressReview(ID), 'POST', `v1/admin/progress-reviews/${ID}/approve`],
  ['rejectProgressReview', () => api.rejectProgressReview(ID, { reason: 'r' }), 'POST', `v1/admin/progress-reviews/${ID}/reject`],
  ['reviewRevision', () => api.reviewRevision(ID, { decision: 'REJECT', reason: 'r' }), 'PATCH', `v1/properties/${ID}/revision`],
  ['resumeProperty', () => api.resumeProperty(ID), 'PATCH', `v1/properties/${ID}/resume`],
  ['handOverProperty', () => api.handOverProperty(ID, 'o1'), 'POST', `v1/properties/${ID}/handover`],
  [
    'raiseProposal',
    () => api.raiseProposal(ID, { kind: 'ADVISORY', title: 'Ask', closesAt: 'x' }),
    'POST',
    `v1/properties/${ID}/proposals`,
  ],
  ['getMyProposals', () => api.getMyProposals(), 'GET', 'v1/me/proposals'],
  ['voteOnProposal', () => api.voteOnProposal(ID, 'FOR'), 'PUT', `v1/proposals/${ID}/vote`],
  ['getMyTokenClaim', () => api.getMyTokenClaim(), 'GET', 'v1/me/token-claim'],
  ['claimPlatformTokens', () => api.claimPlatformTokens(), 'POST', 'v1/me/token-claim'],
  ['walletLinkNonce', () => api.walletLinkNonce({ address: '0xab' }), 'POST', 'v1/me/wallet-link/nonce'],
  ['linkWallet', () => api.linkWallet({ message: 'm', signature: '0x1' }), 'POST', 'v1/me/wallet-link'],
  ['unlinkWallet', () => api.unlinkWallet(), 'DELETE', 'v1/me/wallet-link'],
  ['getNotifications', () => api.getNotifications({ page: 2, pageSize: 10 }), 'GET', 'v1/notifications'],
  ['markNotificationRead', () => api.markNotificationRead(ID), 'POST', `v1/notifications/${ID}/read`],
  ['markAllNotificationsRead', () => api.markAllNotificationsRead(), 'POST', 'v1/notifications/read-all'],
  ['getNotificationPreferences', () => api.getNotificationPreferences(), 'GET', 'v1/notifications/preferences'],
  [
    'updateNotificationPreferences',
    () => api.updateNotificationPreferences({ ORDER_APPROVED: false }),
    'PUT',
    'v1/notifications/preferences',
  ],
  ['getEventsTicket', () => api.getEventsTicket(), 'POST', 'v1/events/ticket'],
  ['sendSupport', () => api.sendSupport({ subject: 's', message: 'm' }), 'POST', 'support'],
  ['getMySupportTickets', () => api.getMySupportTickets(), 'GET', 'v1/support/mine'],
  ['getSupportTickets', () => api.getSupportTickets({ status: 'OPEN' }), 'GET', 'v1/support'],
  ['closeSupportTicket', () => api.closeSupportTicket(ID), 'PATCH', `v1/support/${ID}/close`],
  ['getMySupportThread', () => api.getMySupportThread(ID), 'GET', `v1/support/mine/${ID}`],
  ['answerSupportTicket', () => api.answerSupportTicket(ID, 'b'), 'POST', `v1/support/mine/${ID}/messages`],
  ['getSupportThread', () => api.getSupportThread(ID), 'GET', `v1/support/${ID}`],
  ['replySupportTicket', () => api.replySupportTicket(ID, 'b'), 'POST', `v1/support/${ID}/messages`],
  ['resendSupportReply', () => api.resendSupportReply(ID, 'm1'), 'POST', `v1/support/${ID}/messages/m1/resend`],
  ['assignSupportTicket', () => api.assignSupportTicket(ID, 'me'), 'PATCH', `v1/support/${ID}/assignee`],
  ['getHealth', () => api.getHealth(), 'GET', 'v1/health'],
  ['getWalletBalance', () => api.getWalletBalance(), 'GET', 'v1/wallets/balance'],
  ['getUserWallet', () => api.getUserWallet(ID), 'GET', `v1/wallets/${ID}/admin`],
  ['deposit', () => api.deposit({ amount: 10, returnPath: '/dashboard/wallet' }), 'POST', 'v1/wallets/deposit'],
  ['withdraw', () => api.withdraw({ amount: 10, payoutDestinationId: ID }), 'POST', 'v1/wallets/withdraw'],
  ['getMyPayouts', () => api.getMyPayouts(), 'GET', 'v1/wallets/payouts'],
  ['cancelWithdrawal', () => api.cancelWithdrawal(ID), 'PATCH', `v1/wallets/payouts/${ID}/cancel`],
  ['getPayoutDestinations', () => api.getPayoutDestinations(), 'GET', 'v1/wallets/destinations'],
  [
    'addPayoutDestination',
    () => api.addPayoutDestination({ kind: 'US_ACH', holderName: 'A', routingNumber: '011000015', accountNumber: '1234' }),
    'POST',
    'v1/wallets/destinations',
  ],
  ['removePayoutDestination', () => api.removePayoutDestination(ID), 'DELETE', `v1/wallets/destinations/${ID}`],
  ['getPayoutDestinationInFull', () => api.getPayoutDestinationInFull(ID), 'GET', `v1/payouts/${ID}/destination`],
  ['createCheckout', () => api.createCheckout({ purpose: 'SUBSCRIPTION', returnPath: '/' }), 'POST', 'v1/payments/checkouts'],
  ['getCheckout', () => api.getCheckout(ID), 'GET', `v1/payments/checkouts/${ID}`],
  ['getPayouts', () => api.getPayouts({ status: 'REQUESTED' }), 'GET', 'v1/payouts'],
  ['getAdminCheckouts', () => api.getAdminCheckouts({ status: 'OPEN' }), 'GET', 'v1/admin/checkouts'],
  ['decidePayout', () => api.decidePayout(ID, { status: 'PAID' }), 'PATCH', `v1/payouts/${ID}`],
  ['createPayoutBatch', () => api.createPayoutBatch({ all: true }), 'POST', 'v1/payouts/batches'],
  ['payPayouts', () => api.payPayouts({ items: [{ payoutId: ID, bankReference: 'R' }] }), 'POST', 'v1/payouts/paid'],
  ['getReconciliation', () => api.getReconciliation('2026-11-27'), 'GET', 'v1/payouts/reconciliation'],
  ['createOrder', () => api.createOrder({ propertyId: ID, quantity: 1 }), 'POST', 'v1/orders'],
  ['getMyOrders', () => api.getMyOrders({ status: 'PENDING' }), 'GET', 'v1/orders'],
  ['getAllOrders', () => api.getAllOrders(), 'GET', 'v1/orders/admin'],
  ['getUserOrders', () => api.getUserOrders(ID), 'GET', `v1/orders/${ID}/admin`],
  ['getOrder', () => api.getOrder(ID), 'GET', `v1/orders/${ID}`],
  ['deleteOrder', () => api.deleteOrder(ID), 'DELETE', `v1/orders/${ID}`],
  ['cancelOrder', () => api.cancelOrder(ID), 'PATCH', `v1/orders/${ID}/cancel`],
  ['reviewOrder', () => api.reviewOrder(ID, { decision: 'APPROVE' }), 'PATCH', `v1/orders/${ID}/review`],
  ['reviewOrders', () => api.reviewOrders({ orderIds: [ID], decision: 'APPROVE' }), 'POST', 'v1/orders/review'],
  ['getMyHoldings', () => api.getMyHoldings(), 'GET', 'v1/holdings'],
  ['getMyHolding', () => api.getMyHolding(ID), 'GET', `v1/holdings/${ID}`],
  ['getInvestorHoldings', () => api.getInvestorHoldings(ID), 'GET', `v1/holdings/admin/${ID}`],
  ['getMyTransactions', () => api.getMyTransactions({ type: 'DEPOSIT' }), 'GET', 'v1/transactions/owned'],
  ['getMyTransaction', () => api.getMyTransaction(ID), 'GET', `v1/transactions/owned/${ID}`],
  ['exportMyTransactionsCsv', () => api.exportMyTransactionsCsv(), 'GET', 'v1/transactions/owned/export.csv'],
  ['getTransactions', () => api.getTransactions({ userId: ID }), 'GET', 'v1/transactions'],
  ['getTransaction', () => api.getTransaction(ID), 'GET', `v1/transactions/${ID}`],
  ['getMyStatementPeriods', () => api.getMyStatementPeriods(), 'GET', 'v1/statements'],
  ['downloadMyStatement', () => api.downloadMyStatement('2026-03', 'pdf'), 'GET', 'v1/statements/2026-03.pdf'],
  ['getUserStatementPeriods', () => api.getUserStatementPeriods(ID), 'GET', `v1/admin/users/${ID}/statements`],
  ['downloadUserStatement', () => api.downloadUserStatement(ID, '2026', 'csv'), 'GET', `v1/admin/users/${ID}/statements/2026.csv`],
  ['downloadMyTaxDocument', () => api.downloadMyTaxDocument('2026', 'pdf'), 'GET', 'v1/statements/tax/2026.pdf'],
  ['downloadUserTaxDocument', () => api.downloadUserTaxDocument(ID, '2025', 'csv'), 'GET', `v1/admin/users/${ID}/statements/tax/2025.csv`],
  ['exportTransactionsCsv', () => api.exportTransactionsCsv({ from: '2026-01-01' }), 'GET', 'v1/transactions/export.csv'],
  // Returns (issue 18)
  [
    'submitIncomeReport',
    () => api.submitIncomeReport({ propertyId: ID, periodStart: '2026-01-01', periodEnd: '2026-01-31', grossRent: 10, expenses: {} }),
    'POST',
    'v1/income-reports',
  ],
  ['addIncomeReportReceipts', () => api.addIncomeReportReceipts(ID, [blob]), 'PATCH multipart', `v1/income-reports/${ID}/receipts`],
  ['getOwnedIncomeReports', () => api.getOwnedIncomeReports({ status: 'SUBMITTED' }), 'GET', 'v1/income-reports/owned'],
  ['getIncomeReport', () => api.getIncomeReport(ID), 'GET', `v1/income-reports/${ID}`],
  ['getOwnedDistributions', () => api.getOwnedDistributions(), 'GET', 'v1/distributions/owned'],
  ['markConstructionComplete', () => api.markConstructionComplete(ID), 'PATCH', `v1/properties/owned/${ID}/construction-complete`],
  ['getAdminIncomeReports', () => api.getAdminIncomeReports(), 'GET', 'v1/income-reports/admin'],
  ['approveIncomeReport', () => api.approveIncomeReport(ID, { payDate: '2026-02-10' }), 'PATCH', `v1/income-reports/${ID}/approve`],
  ['rejectIncomeReport', () => api.rejectIncomeReport(ID, { reason: 'x' }), 'PATCH', `v1/income-reports/${ID}/reject`],
  ['convertToIncomeProducing', () => api.convertToIncomeProducing(ID), 'PATCH', `v1/properties/${ID}/income-producing`],
  ['getAdminDistributions', () => api.getAdminDistributions({ refused: true }), 'GET', 'v1/distributions/admin'],
  ['getDistribution', () => api.getDistribution(ID), 'GET', `v1/distributions/${ID}`],
  ['payDistribution', () => api.payDistribution(ID), 'POST', `v1/distributions/${ID}/pay`],
  ['cancelDistribution', () => api.cancelDistribution(ID, { reason: 'Typo' }), 'POST', `v1/distributions/${ID}/cancel`],
  ['voidAppraisal', () => api.voidAppraisal(ID, { reason: 'Typo' }), 'POST', `v1/appraisals/${ID}/void`],
  [
    'createAppraisal',
    () => api.createAppraisal(ID, { valuePerUnit: 1, appraisedOn: '2026-01-01' }),
    'POST',
    `v1/properties/${ID}/appraisals`,
  ],
  ['uploadAppraisalDocument', () => api.uploadAppraisalDocument(ID, blob), 'PATCH multipart', `v1/appraisals/${ID}/document`],
  ['getAppraisals', () => api.getAppraisals(ID), 'GET', `v1/properties/${ID}/appraisals`],
  ['getPropertyPerformance', () => api.getPropertyPerformance(ID), 'GET', `v1/properties/${ID}/performance`],
  ['getSoldPropertyFigures', () => api.getSoldPropertyFigures(ID), 'GET', `v1/properties/${ID}/sale`],
  ['getMyReturns', () => api.getMyReturns(), 'GET', 'v1/holdings/returns'],
  ['getMyPortfolio', () => api.getMyPortfolio(), 'GET', 'v1/portfolio'],
  ['setReinvest', () => api.setReinvest(ID, true), 'PUT', `v1/holdings/${ID}/reinvest`],
  ['getMarketBook', () => api.getMarketBook(ID), 'GET', `v1/market/properties/${ID}`],
  ['getMarketPriceHistory', () => api.getMarketPriceHistory(ID, 30), 'GET', `v1/market/properties/${ID}/history`],
  ['getMarketTrades', () => api.getMarketTrades(ID), 'GET', `v1/market/properties/${ID}/trades`],
  ['placeMarketOrder', () => api.placeMarketOrder({ propertyId: ID, side: 'SELL', units: 5, price: 12.5 }), 'POST', 'v1/market/orders'],
  ['cancelMarketOrder', () => api.cancelMarketOrder(ID), 'POST', `v1/market/orders/${ID}/cancel`],
  ['getMyMarketOrders', () => api.getMyMarketOrders({ status: 'OPEN' }), 'GET', 'v1/market/orders'],
  ['getMyMarketFills', () => api.getMyMarketFills(), 'GET', 'v1/market/fills'],
  ['getMyMarketPosition', () => api.getMyMarketPosition(ID), 'GET', `v1/market/holdings/${ID}`],
  ['setPropertyTrading', () => api.setPropertyTrading(ID, { enabled: true }), 'POST', `v1/market/properties/${ID}/trading`],
  ['getMarketOverview', () => api.getMarketOverview(), 'GET', 'v1/admin/market/overview'],
  ['getIntegrity', () => api.getIntegrity(), 'GET', 'v1/admin/integrity'],
  ['haltMarket', () => api.haltMarket(ID, { reason: 'x' }), 'POST', `v1/admin/market/properties/${ID}/halt`],
  ['resumeMarket', () => api.resumeMarket(ID, { reason: 'x' }), 'POST', `v1/admin/market/properties/${ID}/resume`],
  ['getAllMarketTrades', () => api.getAllMarketTrades({ page: 2 }), 'GET', 'v1/admin/market/trades'],
  ['exportMarketTradesCsv', () => api.exportMarketTradesCsv({ propertyId: ID }), 'GET', 'v1/admin/market/trades.csv'],
  ['getMarketFlags', () => api.getMarketFlags({ status: 'OPEN' }), 'GET', 'v1/admin/market/flags'],
  ['reviewMarketFlag', () => api.reviewMarketFlag(ID, { decision: 'DISMISS', note: 'ok' }), 'POST', `v1/admin/market/flags/${ID}/review`],
];

beforeEach(() => {
  calls.length = 0;
});

describe('endpoint functions', () => {
  it.each(CASES)('%s calls its route', async (_name, fn, method, path) => {
    await fn();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method, path });
    expect(calls[0].path.startsWith('/')).toBe(false);
  });

  it('sends bodies as JSON and drops unset query fields', async () => {
    await api.updateMe({ phone: '555' });
    expect(calls[0].options).toEqual({ json: { phone: '555' } });
    await api.getProperties({ searchName: 'lake', status: undefined, page: 2, type: undefined });
    expect(calls[1].options).toEqual({ searchParams: { searchName: 'lake', page: '2' } });
  });

  it('hands a listing over with the new owner in the body', async () => {
    await api.handOverProperty(ID, 'owner-2');
    expect(calls[0]).toEqual({ method: 'POST', path: `v1/properties/${ID}/handover`, options: { json: { ownerId: 'owner-2' } } });
  });

  it('asks for the holders of many listings 100 at a time, in order', async () => {
    const ids = Array.from({ length: 150 }, (_, i) => `id-${i}`);
    await api.getActiveInvestmentsOf(ids);
    expect(calls.map((c) => (c.options as { searchParams: { ids: string } }).searchParams.ids.split(','))).toEqual([
      ids.slice(0, 100),
      ids.slice(100),
    ]);
  });

  it('sends Idempotency-Key on money calls when given a key', async () => {
    await api.createOrder({ propertyId: ID, quantity: 2 }, { idempotencyKey: 'k-1' });
    await api.createCheckout({ purpose: 'DEPOSIT', amount: 5, returnPath: '/dashboard/wallet' }, { idempotencyKey: 'k-2' });
    await api.deposit({ amount: 5, returnPath: '/' }, { idempotencyKey: 'k-3' });
    await api.withdraw({ amount: 5, payoutDestinationId: ID }, { idempotencyKey: 'k-4' });
    await api.withdraw({ amount: 5, payoutDestinationId: ID });
    await api.placeMarketOrder({ propertyId: ID, side: 'BUY', units: 1, price: 10 }, { idempotencyKey: 'k-5' });
    expect(calls.map((c) => c.options?.headers)).toEqual([
      { 'Idempotency-Key': 'k-1' },
      { 'Idempotency-Key': 'k-2' },
      { 'Idempotency-Key': 'k-3' },
      { 'Idempotency-Key': 'k-4' },
      {},
      { 'Idempotency-Key': 'k-5' },
    ]);
    expect(calls[0].options?.json).toEqual({ propertyId: ID, quantity: 2 });
  });

  it('exports CSV as a Blob with the filters as query', async () => {
    const blob = await api.exportTransactionsCsv({ userId: ID, type: undefined, from: '2026-01-01' });
    expect(blob).toBeInstanceOf(Blob);
    expect(calls[0].options).toEqual({ searchParams: { userId: ID, from: '2026-01-01' } });
  });

  it('uploads under the field names the server reads', async () => {
    await api.uploadKyc(blob);
    await api.uploadPropertyImages(ID, [blob, blob]);
    expect(calls.map((c) => c.options)).toEqual([{ fields: ['file'] }, { fields: ['files'] }]);
  });

  it('builds absolute file links', () => {
    expect(api.downloadUrl('abc.webp')).toBe('https://api.test/download/abc.webp');
    expect(api.fileUrl('/download/abc.webp?exp=1&sig=x')).toBe('https://api.test/download/abc.webp?exp=1&sig=x');
    expect(api.absoluteSrcset('/download/a-480.webp 480w, /download/a.webp 960w')).toBe(
      'https://api.test/download/a-480.webp 480w, https://api.test/download/a.webp 960w',
    );
    expect(api.imageSources({ url: '/download/a.webp', srcset: '/download/a-480.webp 480w' })).toEqual({
      src: 'https://api.test/download/a.webp',
      srcSet: 'https://api.test/download/a-480.webp 480w',
    });
    expect(api.imageSources({ url: '/download/a.webp' })).toEqual({ src: 'https://api.test/download/a.webp', srcSet: undefined });
  });
});
