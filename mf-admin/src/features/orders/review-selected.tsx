// Several pending orders approved or rejected in one action, confirmed in a dialog that says
// how many and how much. The server decides all or none; with four eyes, approving a lot above
// the payout threshold waits for a second admin (one request for the lot).
import { formatMoney, toast } from 'shared-ui';
import { reviewOrders } from 'shared-api/admin';
import type { Order } from 'shared-api/contract';
import { isSentForApproval, SENT_FOR_APPROVAL } from 'shared-api/contract/admin';
import { DecisionDialog } from '../../components/decision-dialog';

export type BulkDecision = 'APPROVE' | 'REJECT';

export interface ReviewSelectedProps {
  /** The decision being confirmed, or null when no dialog is open. */
  decision: BulkDecision | null;
  orders: Order[];
  onDone: () => void;
  onClose: () => void;
}

const ordersPhrase = (n: number) => `${n} order${n === 1 ? '' : 's'}`;

/** The lot's total, added in cents so that many amounts do not drift. */
export function totalOf(orders: Order[]): number {
  return orders.reduce((sum, o) => sum + Math.round(o.amount * 100), 0) / 100;
}

export function ReviewSelectedDialogs({ decision, orders, onDone, onClose }: ReviewSelectedProps) {
  const count = orders.length;
  const total = formatMoney(totalOf(orders));
  const lot = `${ordersPhrase(count)}, ${total} in all`;

  const run = async (next: BulkDecision, reason: string) => {
    const orderIds = orders.map((o) => o._id);
    const done = await reviewOrders(next === 'APPROVE' ? { orderIds, decision: next } : { orderIds, decision: next, reason });
    if (isSentForApproval(done)) toast.info(SENT_FOR_APPROVAL);
    else if (next === 'APPROVE') toast.success(`${ordersPhrase(count)} (${total}) approved: the units are in the investors’ holdings`);
    else toast.success(`${ordersPhrase(count)} (${total}) rejected: the investors were refunded`);
    onDone();
  };

  return (
    <>
      <DecisionDialog
        open={decision === 'APPROVE'}
        title="Approve the selected orders?"
        description={`${lot}. The units go to the investors’ holdings and the owners are paid. All are approved or none.`}
        confirmLabel={`Approve ${ordersPhrase(count)}`}
        onConfirm={() => run('APPROVE', '')}
        onClose={onClose}
      />
      <DecisionDialog
        open={decision === 'REJECT'}
        title="Reject the selected orders?"
        description={`${lot}. The held money returns to the investors’ wallets and the units are released. All are rejected or none.`}
        confirmLabel={`Reject ${ordersPhrase(count)}`}
        reasonLabel="Reason (shown to each investor)"
        destructive
        onConfirm={(reason) => run('REJECT', reason)}
        onClose={onClose}
      />
    </>
  );
}
