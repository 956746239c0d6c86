// Four eyes for withdrawals (modules/approvals): marking one paid above the configured
// threshold waits for a second admin, and so does marking several paid at once when together
// they come above it (one approval for the lot); rejecting one (money back to the wallet) does not.
import { eq, inArray } from 'drizzle-orm';
import type { DecidePayoutBody, PayPayoutsBody } from 'shared-api/contract';
import { payouts, users } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { registerApproval, usd } from '../approvals';
import { decidePayout, payPayouts } from './service';

registerApproval<{ payoutId: string; body: DecidePayoutBody }>('payout.paid', {
  async ask(app, _actor, { payoutId, body }) {
    // Without a bank reference the service refuses it at once (400), so nothing waits.
    if (body.status !== 'PAID' || !body.bankReference?.trim()) return null;
    const [p] = await app.db
      .select({ amountCents: payouts.amountCents, email: users.email })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.userId))
      .where(eq(payouts.id, payoutId));
    if (!p) throw notFound('Withdrawal not found');
    if (p.amountCents <= (app.config.fourEyes?.payoutThresholdCents ?? 0)) return null;
    return {
      targetType: 'payout',
      targetId: payoutId,
      summary: `Mark the withdrawal of ${usd(p.amountCents)} by ${p.email} paid (bank reference ${body.bankReference ?? ''})`,
    };
  },
  execute: (app, approver, { payoutId, body }) => decidePayout(app, approver, payoutId, body),
});

registerApproval<PayPayoutsBody>('payouts.paid', {
  async ask(app, _actor, body) {
    const ids = body.items.map((i) => i.payoutId);
    // An empty or malformed list is the service's to refuse, at once.
    if (ids.length === 0 || body.items.some((i) => !i.bankReference?.trim())) return null;
    const found = await app.db.select({ amountCents: payouts.amountCents }).from(payouts).where(inArray(payouts.id, ids));
    const total = found.reduce((sum, p) => sum + p.amountCents, 0);
    if (total <= (app.config.fourEyes?.payoutThresholdCents ?? 0)) return null;
    return {
      targetType: 'payout',
      targetId: ids[0],
      summary: `Mark ${ids.length} withdrawal${ids.length === 1 ? '' : 's'} paid, ${usd(total)} in all (bank references ${body.items
        .map((i) => i.bankReference.trim())
        .join(', ')})`,
    };
  },
  execute: (app, approver, body) => payPayouts(app, approver, body),
});
