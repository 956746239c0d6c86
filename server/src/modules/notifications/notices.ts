// What each decision about a person tells them (issue 19): the notice's title, body and
// link, one function per event, called INSIDE the transaction that makes the change (so
// the notice exists if and only if the change committed). Figures as dollars.
import { sql } from 'drizzle-orm';
import { paths, type NotificationKind } from 'shared-api/contract';
import type { Executor } from '../../db/client';
import { laneOf, notify, notifyAll, type NoticeInput } from './outbox';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** $1,234.50 from cents. */
export const dollars = (cents: number | string | bigint) => usd.format(Number(cents) / 100);

const units = (n: number) => `${n} unit${n === 1 ? '' : 's'}`;

type Listing = { userId: string; id: string; name: string };
type VoidedAppraisal = {
  userId: string;
  propertyId: string;
  propertyName: string;
  voidedCents: number;
  appraisedOn: string;
  currentCents: number | null;
  reason: string;
};
type PaidShare = { userId: string; distributionId: string; propertyName: string; period: string; amountCents: number };

/** The words of the notices that go to a property's holders, one or many at a time. */
const holderNotice = {
  listingResumed: (p: Listing & { owner: boolean }): NoticeInput => ({
    userId: p.userId,
    kind: 'LISTING_RESUMED',
    title: `“${p.name}” is back on sale`,
    body: p.owner
      ? `Your listing “${p.name}” is resumed: it is in the catalogue and can be bought again.`
      : `“${p.name}”, a property you hold units of, is resumed: it is in the catalogue again.`,
    link: paths.property(p.id),
    data: { propertyId: p.id },
  }),
  holdingSuspended: (p: Listing, reason: string): NoticeInput => ({
    userId: p.userId,
    kind: 'HOLDING_SUSPENDED',
    title: `“${p.name}”, a property you hold, is suspended`,
    body: `“${p.name}” is suspended: it is out of the catalogue and no new units can be bought. You keep your units. Reason: ${reason}`,
    link: paths.property(p.id),
    data: { propertyId: p.id, reason },
  }),
  appraisalVoided: (a: VoidedAppraisal): NoticeInput => ({
    userId: a.userId,
    kind: 'APPRAISAL_VOIDED',
    title: `An appraisal of “${a.propertyName}” was withdrawn`,
    body:
      `The appraisal of “${a.propertyName}” of ${a.appraisedOn} (${dollars(a.voidedCents)} a unit) was withdrawn. Reason: ${a.reason}\n\n` +
      (a.currentCents === null
        ? 'Your units are valued at their issue price again until the next appraisal.'
        : `Your units are valued at the previous appraisal, ${dollars(a.currentCents)} a unit; your portfolio figures are restated.`),
    link: paths.investments,
    data: { propertyId: a.propertyId, reason: a.reason },
  }),
  distributionPaid: (d: PaidShare): NoticeInput => ({
    userId: d.userId,
    kind: 'DISTRIBUTION_PAID',
    title: `${dollars(d.amountCents)} distribution from “${d.propertyName}”`,
    body: `Your share of the rent of “${d.propertyName}” for ${d.period}, ${dollars(d.amountCents)}, is paid into your wallet.`,
    link: paths.wallet,
    data: { distributionId: d.distributionId },
  }),
};

export const notices = {
  listingResumed: (tx: Executor, p: Listing & { owner: boolean }) => notify(tx, holderNotice.listingResumed(p)),
  holdingSuspended: (tx: Executor, p: Listing, reason: string) => notify(tx, holderNotice.holdingSuspended(p, reason)),
  appraisalVoided: (tx: Executor, a: VoidedAppraisal) => notify(tx, holderNotice.appraisalVoided(a)),
  distributionPaid: (tx: Executor, d: PaidShare) => notify(tx, holderNotice.distributionPaid(d)),

  emailVerified: (tx: Executor, userId: string) =>
    notify(tx, {
      userId,
      kind: 'EMAIL_VERIFIED',
      title: 'Your e-mail address is verified',
      body: 'Thank you: your e-mail address is confirmed. You can now complete your profile and send your identity documents.',
      link: paths.profile,
    }),

  kycVerified: (tx: Executor, userId: string) =>
    notify(tx, {
      userId,
      kind: 'KYC_VERIFIED',
      title: 'Your identity is verified',
      body: 'Our team checked your identity documents: your account is verified.',
      link: paths.dashboard,
    }),

  /** `cancelledMarketOrders`: the open market orders the rejection cancelled (migration 0103). */
  kycRejected: (tx: Executor, userId: string, reason: string, cancelledMarketOrders = 0) =>
    notify(tx, {
      userId,
      kind: 'KYC_REJECTED',
      title: 'Your identity documents were rejected',
      body: `Our team could not verify your identity documents. Reason: ${reason}${
        cancelledMarketOrders > 0
          ? `\n\nYour ${cancelledMarketOrders === 1 ? 'open market order was' : `${cancelledMarketOrders} open market orders were`} cancelled: only verified investors trade. What ${cancelledMarketOrders === 1 ? 'it' : 'they'} held is available again.`
          : ''
      }`,
      link: paths.profile,
      data: { reason },
    }),

  /** An admin cancelled a person's open market order (what it held is released by the database). */
  marketOrderCancelled: (
    tx: Executor,
    o: {
      id: string;
      investorId: string;
      propertyId: string;
      propertyName: string;
      side: 'BUY' | 'SELL';
      remaining: number;
      priceCents: number;
    },
  ) =>
    notify(tx, {
      userId: o.investorId,
      kind: 'MARKET_ORDER_CANCELLED',
      title: `Your market order for “${o.propertyName}” was cancelled`.slice(0, 200),
      body: `Our team cancelled your ${o.side === 'BUY' ? 'buy' : 'sell'} order for ${units(o.remaining)} of “${o.propertyName}” at ${dollars(o.priceCents)} per unit. ${
        o.side === 'BUY'
          ? `The ${dollars(o.remaining * o.priceCents)} it held is back in your wallet.`
          : `The ${units(o.remaining)} it held ${o.remaining === 1 ? 'is' : 'are'} available to sell again.`
      } Contact support if you have questions.`,
      link: paths.market,
      data: { orderId: o.id, propertyId: o.propertyId },
    }),

  listingApproved: (tx: Executor, p: { ownerId: string; id: string; name: string }) =>
    notify(tx, {
      userId: p.ownerId,
      kind: 'LISTING_APPROVED',
      title: `Your listing “${p.name}” is approved`,
      body: `“${p.name}” passed review and is now live on the marketplace.`,
      link: paths.property(p.id),
      data: { propertyId: p.id },
    }),

  listingRejected: (tx: Executor, p: { ownerId: string; id: string; name: string }, reason: string) =>
    notify(tx, {
      userId: p.ownerId,
      kind: 'LISTING_REJECTED',
      title: `Your listing “${p.name}” was rejected`,
      body: `“${p.name}” was not approved. Reason: ${reason}`,
      link: paths.editListing(p.id),
      data: { propertyId: p.id, reason },
    }),

  listingSuspended: (tx: Executor, p: { ownerId: string; id: string; name: string }, reason: string) =>
    notify(tx, {
      userId: p.ownerId,
      kind: 'LISTING_SUSPENDED',
      title: `Your listing “${p.name}” is suspended`,
      body: `“${p.name}” is no longer on sale. Reason: ${reason}`,
      link: paths.listings,
      data: { propertyId: p.id, reason },
    }),

  orderApproved: (tx: Executor, o: { investorId: string; id: string; propertyName: string; quantity: number; amountCents: number }) =>
    notify(tx, {
      userId: o.investorId,
      kind: 'ORDER_APPROVED',
      title: `Your order for “${o.propertyName}” is approved`,
      body: `Your order of ${units(o.quantity)} of “${o.propertyName}” (${dollars(o.amountCents)}) is approved: the units are now yours.`,
      link: paths.investments,
      data: { orderId: o.id },
    }),

  orderRejected: (
    tx: Executor,
    o: { investorId: string; id: string; propertyName: string; quantity: number; refundCents: number },
    reason: string | null,
  ) =>
    notify(tx, {
      userId: o.investorId,
      kind: 'ORDER_REJECTED',
      title: `Your order for “${o.propertyName}” was rejected`,
      body: `Your order of ${units(o.quantity)} of “${o.propertyName}” was rejected.${reason ? ` Reason: ${reason}` : ''}\n\n${dollars(o.refundCents)} is refunded to your wallet.`,
      link: paths.orders,
      data: { orderId: o.id, reason, refundCents: o.refundCents },
    }),

  withdrawalPaid: (tx: Executor, w: { userId: string; id: string; amountCents: number; bankReference: string | null }) =>
    notify(tx, {
      userId: w.userId,
      kind: 'WITHDRAWAL_PAID',
      title: `Your withdrawal of ${dollars(w.amountCents)} is paid`,
      body:
        `We paid your withdrawal of ${dollars(w.amountCents)}. It may take a few business days to reach your bank account.` +
        (w.bankReference ? `\n\nBank reference: ${w.bankReference}` : ''),
      link: paths.wallet,
      data: { payoutId: w.id },
    }),

  withdrawalDeclined: (tx: Executor, w: { userId: string; id: string; amountCents: number }, reason: string | null) =>
    notify(tx, {
      userId: w.userId,
      kind: 'WITHDRAWAL_DECLINED',
      title: `Your withdrawal of ${dollars(w.amountCents)} was declined`,
      body: `Your withdrawal of ${dollars(w.amountCents)} was declined.${reason ? ` Reason: ${reason}` : ''}\n\nThe amount is back in your wallet.`,
      link: paths.wallet,
      data: { payoutId: w.id, reason },
    }),

  depositReceived: (tx: Executor, d: { userId: string; checkoutId: string; amountCents: number }) =>
    notify(tx, {
      userId: d.userId,
      kind: 'DEPOSIT_RECEIVED',
      title: `${dollars(d.amountCents)} added to your wallet`,
      body: `Your deposit of ${dollars(d.amountCents)} is received and available in your wallet.`,
      link: paths.wallet,
      data: { checkoutId: d.checkoutId },
    }),

  incomeReportApproved: (
    tx: Executor,
    r: {
      ownerId: string;
      reportId: string;
      propertyName: string;
      period: string;
      distributableCents: number;
      feeCents: number;
      payDate: string;
    },
  ) =>
    notify(tx, {
      userId: r.ownerId,
      kind: 'INCOME_REPORT_DECIDED',
      title: `Your income report for “${r.propertyName}” is approved`,
      body:
        `Your income report for “${r.propertyName}” (${r.period}) is approved. ` +
        `On ${r.payDate}, ${dollars(r.distributableCents)} is paid to the holders and the ${dollars(r.feeCents)} management fee to Tessera ` +
        `from your wallet: keep at least ${dollars(r.distributableCents + r.feeCents)} there by then.`,
      link: paths.activeListings,
      data: { reportId: r.reportId },
    }),

  incomeReportRejected: (tx: Executor, r: { ownerId: string; reportId: string; propertyName: string; period: string }, reason: string) =>
    notify(tx, {
      userId: r.ownerId,
      kind: 'INCOME_REPORT_DECIDED',
      title: `Your income report for “${r.propertyName}” was rejected`,
      body: `Your income report for “${r.propertyName}” (${r.period}) was not approved. Reason: ${reason}\n\nYou can submit a corrected report.`,
      link: paths.activeListings,
      data: { reportId: r.reportId, reason },
    }),

  distributionRefused: (tx: Executor, d: { ownerId: string; distributionId: string; propertyName: string; reason: string }) =>
    notify(tx, {
      userId: d.ownerId,
      kind: 'DISTRIBUTION_REFUSED',
      title: `The distribution for “${d.propertyName}” could not be paid`,
      body: `${d.reason}.\n\nAdd money to your wallet: the payment is tried again every hour.`,
      link: paths.wallet,
      data: { distributionId: d.distributionId },
    }),

  revisionDecided: (tx: Executor, p: { ownerId: string; id: string; name: string }, reason: string | null) =>
    notify(tx, {
      userId: p.ownerId,
      kind: 'LISTING_REVISION_DECIDED',
      title: reason === null ? `Your changes to “${p.name}” are approved` : `Your changes to “${p.name}” were rejected`,
      body:
        reason === null
          ? `Your changes to “${p.name}” passed review and are live.`
          : `Your changes to “${p.name}” were not approved. Reason: ${reason}`,
      link: reason === null ? paths.property(p.id) : paths.editListing(p.id),
      data: { propertyId: p.id, ...(reason === null ? {} : { reason }) },
    }),

  /** A lower construction progress the owner posted was reviewed (a change to the listing, so the same kind). */
  progressReviewed: (tx: Executor, p: { ownerId: string; id: string; name: string }, percent: number, reason: string | null) =>
    notify(tx, {
      userId: p.ownerId,
      kind: 'LISTING_REVISION_DECIDED',
      title:
        reason === null
          ? `Construction progress of “${p.name}” is now ${percent}%`
          : `Construction progress of ${percent}% for “${p.name}” was not approved`,
      body:
        reason === null
          ? `Your progress update of ${percent}% for “${p.name}” passed review and investors see it now.`
          : `Your progress update of ${percent}% for “${p.name}” was not approved; the listing keeps its progress. Reason: ${reason}`,
      link: paths.activeListings,
      data: { propertyId: p.id, percent, ...(reason === null ? {} : { reason }) },
    }),

  /** Both sides of a handover: the owner who gives the listing up, and the one who takes it. */
  listingHandedOver: (tx: Executor, p: { userId: string; id: string; name: string; received: boolean }) =>
    notify(tx, {
      userId: p.userId,
      kind: 'LISTING_HANDED_OVER',
      title: p.received ? `“${p.name}” is now your listing` : `“${p.name}” is handed over to another owner`,
      body: p.received
        ? `An administrator handed the listing “${p.name}” over to you: it is among your listings from now on.`
        : `An administrator handed your listing “${p.name}” over to another owner. What it paid you before stays in your wallet.`,
      link: p.received ? paths.property(p.id) : null,
      data: { propertyId: p.id },
    }),

  distributionCancelled: (
    tx: Executor,
    d: { ownerId: string; distributionId: string; propertyName: string; period: string; reason: string },
  ) =>
    notify(tx, {
      userId: d.ownerId,
      kind: 'DISTRIBUTION_CANCELLED',
      title: `The distribution for “${d.propertyName}” was cancelled`,
      body: `The distribution for “${d.propertyName}” (${d.period}) was cancelled and will not be paid; nothing leaves your wallet for it. Reason: ${d.reason}\n\nYou can submit a corrected income report for the period.`,
      link: paths.activeListings,
      data: { distributionId: d.distributionId, reason: d.reason },
    }),

  /**
   * A paid distribution corrected: the holder's share (or the owner's funding) before and
   * after. `role`: whether the person was paid (holder) or paid it (owner).
   */
  distributionCorrected: (
    tx: Executor,
    d: {
      userId: string;
      role: 'holder' | 'owner';
      distributionId: string;
      correctionId: string | null;
      propertyName: string;
      period: string;
      oldCents: number;
      newCents: number;
      reason: string;
    },
  ) =>
    notify(tx, {
      userId: d.userId,
      kind: 'DISTRIBUTION_CORRECTED',
      title: `The distribution from “${d.propertyName}” was corrected`,
      body:
        d.role === 'holder'
          ? `The distribution from “${d.propertyName}” for ${d.period} was corrected: your share was ${dollars(d.oldCents)} and is now ${dollars(d.newCents)}. ` +
            `The ${dollars(d.oldCents)} paid was taken back and ${dollars(d.newCents)} paid into your wallet instead. Reason: ${d.reason}`
          : `The distribution of “${d.propertyName}” for ${d.period} was corrected: your wallet funded ${dollars(d.oldCents)} and now funds ${dollars(d.newCents)} ` +
            `(the management fee ${d.correctionId ? 'is charged as before' : 'is given back too'}). The difference is settled in your wallet. Reason: ${d.reason}`,
      link: d.role === 'holder' ? paths.wallet : paths.activeListings,
      data: { distributionId: d.distributionId, correctionId: d.correctionId, oldCents: d.oldCents, newCents: d.newCents },
    }),
};

/** The same notice to many holders, written together (notifyAll): a listing's holders may be thousands. */
export const holderNotices = {
  listingResumed: (tx: Executor, ps: (Listing & { owner: boolean })[]) => notifyAll(tx, ps.map(holderNotice.listingResumed)),
  holdingSuspended: (tx: Executor, ps: Listing[], reason: string) =>
    notifyAll(
      tx,
      ps.map((p) => holderNotice.holdingSuspended(p, reason)),
    ),
  appraisalVoided: (tx: Executor, as: VoidedAppraisal[]) => notifyAll(tx, as.map(holderNotice.appraisalVoided)),
};

/**
 * Holder votes: every holder of record is told when a vote opens, a day before it closes, and
 * of its outcome. The words are the same for each, so they are composed once here and written
 * to all the holders by one statement (notify_proposal_holders), whatever their number.
 */
const toHolders = async (tx: Executor, proposalId: string, kind: NotificationKind, title: string, body: string): Promise<number> => {
  const res = await tx.execute(
    sql`SELECT notify_proposal_holders(${proposalId}::uuid, ${kind}, ${title.slice(0, 200)}, ${body}, ${paths.investments}, ${laneOf(kind)}::smallint) AS n`,
  );
  return Number((res as unknown as { rows: { n: number }[] }).rows[0].n);
};

export const proposalNotices = {
  opened: (tx: Executor, p: { id: string; title: string; propertyName: string; closesAt: string; rule: string }) =>
    toHolders(
      tx,
      p.id,
      'PROPOSAL_OPENED',
      `A vote is open on “${p.propertyName}”`,
      `Holders of “${p.propertyName}” are voting on “${p.title}” until ${p.closesAt} (UTC). Your units when the vote opened are your votes. ${p.rule}.`,
    ),
  closing: (tx: Executor, p: { id: string; title: string; propertyName: string; closesAt: string }) =>
    toHolders(
      tx,
      p.id,
      'PROPOSAL_CLOSING',
      `The vote on “${p.title}” closes within a day`,
      `The vote on “${p.title}” for “${p.propertyName}” closes at ${p.closesAt} (UTC). You can vote, or change your vote, until then.`,
    ),
  result: (tx: Executor, p: { id: string; title: string; propertyName: string; outcome: string }) =>
    toHolders(
      tx,
      p.id,
      'PROPOSAL_RESULT',
      `The vote on “${p.title}”: ${p.outcome}`,
      `The vote on “${p.title}” for “${p.propertyName}” is over: ${p.outcome}.`,
    ),
};

/**
 * A property sold as a whole: each holder is told what they were paid, its owner what it cost
 * them, by one statement in the recording transaction (the words are notify_property_sold's).
 */
export async function notifyPropertySold(tx: Executor, saleId: string): Promise<number> {
  const res = await tx.execute(
    sql`SELECT notify_property_sold(${saleId}::uuid, ${paths.wallet}, ${paths.activeListings}, ${laneOf('PROPERTY_SOLD')}::smallint) AS n`,
  );
  return Number((res as unknown as { rows: { n: number }[] }).rows[0].n);
}

/** Everyone holding units of a property (its owner aside), for notices told in the same transaction. */
export async function holdersOf(tx: Executor, propertyId: string): Promise<string[]> {
  const res = await tx.execute(sql`SELECT investor_id FROM holdings WHERE property_id = ${propertyId} AND quantity > 0`);
  return (res as unknown as { rows: { investor_id: string }[] }).rows.map((r) => r.investor_id);
}

/** Every holder paid by a distribution, told in the paying transaction (after pay_distribution returned PAID). */
export async function notifyDistributionPaid(tx: Executor, distributionId: string): Promise<void> {
  const res = await tx.execute(sql`
    SELECT e.user_id, sum(e.amount_cents)::bigint AS cents, p.name,
           to_char(d.period_start, 'Mon FMDD, YYYY') || ' – ' || to_char(d.period_end, 'Mon FMDD, YYYY') AS period
      FROM ledger_entries e
      JOIN distributions d ON d.id = e.distribution_id
      JOIN properties p ON p.id = d.property_id
     WHERE e.distribution_id = ${distributionId} AND e.type = 'DISTRIBUTION_PAYMENT' AND e.amount_cents > 0
     GROUP BY e.user_id, p.name, d.period_start, d.period_end`);
  const rows = (res as unknown as { rows: { user_id: string; cents: string; name: string; period: string }[] }).rows;
  await notifyAll(
    tx,
    rows.map((r) =>
      holderNotice.distributionPaid({
        userId: r.user_id,
        distributionId,
        propertyName: r.name,
        period: r.period,
        amountCents: Number(r.cents),
      }),
    ),
  );
}
