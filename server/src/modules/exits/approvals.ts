// Four eyes for a property's sale (modules/approvals): it pays every holder and retires the
// units, so a second admin may be asked to check the amounts. What runs is the service call
// the route makes without four eyes.
import type { RecordSaleBody } from 'shared-api/contract';
import { registerApproval, usd } from '../approvals';
import { checkSale, recordSale } from './service';

registerApproval<{ id: string; body: RecordSaleBody }>('property.sale', {
  async ask(app, _actor, { id, body }) {
    // Refused at once (bad amounts, unknown or unfunded property) rather than asked for in vain.
    const s = await checkSale(app, id, body);
    return {
      targetType: 'property',
      targetId: id,
      summary: `Record the sale of ${s.name} on ${body.soldOn}: price ${usd(s.priceCents)}, costs ${usd(s.costsCents)}, fee ${usd(s.feeCents)}; ${usd(s.priceCents - s.costsCents - s.feeCents)} to the units`,
    };
  },
  execute: (app, approver, { id, body }) => recordSale(app, approver, id, body),
});
