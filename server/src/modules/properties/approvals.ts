// Four eyes for listings (modules/approvals): handing a listing over to another owner moves
// who is paid for its sales and who funds its distributions, so a second admin may be asked
// to check it. What runs is the service call the route makes without four eyes.
import type { HandOverPropertyBody } from 'shared-api/contract';
import { registerApproval } from '../approvals';
import { checkHandover, handOverProperty } from './service';

registerApproval<{ id: string; body: HandOverPropertyBody }>('property.handover', {
  async ask(app, _actor, { id, body }) {
    // Refused at once (unknown listing, unfit new owner) rather than asked for in vain.
    const h = await checkHandover(app, id, body);
    return { targetType: 'property', targetId: id, summary: `Hand the listing ${h.name} over from ${h.from} to ${h.to}` };
  },
  execute: (app, approver, { id, body }) => handOverProperty(app, approver, id, body),
});
