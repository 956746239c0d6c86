// Four eyes for orders (modules/approvals): approving several at once waits for a second admin
// when together they come above the payout threshold (the same money threshold: approving
// pays the owners), one approval for the lot. Rejecting (money back to the investors) does not.
import { inArray } from 'drizzle-orm';
import type { ReviewOrdersBody } from 'shared-api/contract';
import { orders } from '../../db/schema';
import { registerApproval, usd } from '../approvals';
import { reviewOrders } from './service';

registerApproval<ReviewOrdersBody>('orders.review', {
  async ask(app, _actor, body) {
    const ids = body.orderIds;
    // An empty or malformed list is the service's to refuse, at once.
    if (body.decision !== 'APPROVE' || ids.length === 0 || new Set(ids).size !== ids.length) return null;
    const found = await app.db.select({ amountCents: orders.amountCents }).from(orders).where(inArray(orders.id, ids));
    const total = found.reduce((sum, o) => sum + o.amountCents, 0);
    if (total <= (app.config.fourEyes?.payoutThresholdCents ?? 0)) return null;
    return {
      targetType: 'order',
      targetId: ids[0],
      summary: `Approve ${ids.length} order${ids.length === 1 ? '' : 's'}, ${usd(total)} in all`,
    };
  },
  execute: (app, approver, body) => reviewOrders(app, approver, body),
});
