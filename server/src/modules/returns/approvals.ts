// Four eyes for returns (modules/approvals): declaring a distribution (approving its income
// report), paying one, and recording an appraisal that moves the value a lot. What each
// runs is the service call the route makes without four eyes.
import { sql } from 'drizzle-orm';
import type { ApproveIncomeReportBody, CorrectDistributionBody, CreateAppraisalBody, VoidAppraisalBody } from 'shared-api/contract';
import { RETURNS_MESSAGES, appraisalChangeMessage, appraisalChangePercent } from 'shared-api/contract/dashboard';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { amountCents } from '../../lib/money';
import { registerApproval, usd as centsText } from '../approvals';
import * as service from './service';

const MAX_CENTS = Number.MAX_SAFE_INTEGER;

registerApproval<{ reportId: string; body: ApproveIncomeReportBody }>('distribution.declare', {
  async ask(app, _actor, { reportId }) {
    const [r] = await service.rows<{ name: string; gross: string; expenses: string; status: string }>(
      app.db,
      sql`SELECT p.name, r.gross_rent_cents AS gross, r.expenses_cents AS expenses, r.status
            FROM income_reports r JOIN properties p ON p.id = r.property_id WHERE r.id = ${reportId}`,
    );
    if (!r) throw notFound('Report not found');
    return {
      targetType: 'income_report',
      targetId: reportId,
      summary: `Declare the distribution of ${r.name}'s income report (rent ${centsText(Number(r.gross))}, expenses ${centsText(Number(r.expenses))})`,
    };
  },
  execute: (app, approver, { reportId, body }) => service.approveReport(app, approver, reportId, body),
});

registerApproval<{ distributionId: string }>('distribution.pay', {
  async ask(app, _actor, { distributionId }) {
    const [d] = await service.rows<{ name: string; cents: string }>(
      app.db,
      sql`SELECT p.name, d.distributable_cents AS cents FROM distributions d JOIN properties p ON p.id = d.property_id WHERE d.id = ${distributionId}`,
    );
    if (!d) throw notFound('Distribution not found');
    return {
      targetType: 'distribution',
      targetId: distributionId,
      summary: `Pay ${centsText(Number(d.cents))} to the holders of ${d.name}`,
    };
  },
  async execute(app, approver, { distributionId }) {
    const paid = await service.payNow(app, approver, distributionId);
    // A refusal (the owner's wallet is short now) fails the approval: nothing of it stays.
    if (paid.result === 'REFUSED') throw conflict(paid.distribution.refusedReason ?? 'The payment was refused');
    return { result: paid.result };
  },
});

registerApproval<{ distributionId: string; body: CorrectDistributionBody; requestedBy: service.CorrectionRequester }>(
  'distribution.correct',
  {
    async ask(app, _actor, { distributionId, body }) {
      const [d] = await service.rows<{ name: string; cents: string; status: string }>(
        app.db,
        sql`SELECT p.name, d.distributable_cents AS cents, d.status FROM distributions d JOIN properties p ON p.id = d.property_id WHERE d.id = ${distributionId}`,
      );
      if (!d) throw notFound('Distribution not found');
      // Asked only for what can run: the second admin is not asked to approve a refusal.
      if (d.status !== 'PAID') throw conflict(`Only a paid distribution can be corrected; this one is ${d.status.toLowerCase()}`);
      return {
        targetType: 'distribution',
        targetId: distributionId,
        summary: `Correct the distribution of ${d.name} from ${centsText(Number(d.cents))} to ${centsText(body.totalCents)} (paid entries reversed): ${body.reason}`,
      };
    },
    async execute(app, approver, { distributionId, body, requestedBy }) {
      const r = await service.correctDistribution(app, approver, distributionId, body, requestedBy);
      return { correctionId: r.correction?._id ?? null };
    },
  },
);

registerApproval<{ propertyId: string; body: CreateAppraisalBody }>('appraisal.create', {
  async ask(app, _actor, { propertyId, body }) {
    const cents = amountCents(body.valuePerUnit, 'valuePerUnit', MAX_CENTS);
    const [p] = await service.rows<{ name: string; last: string | null; price: string }>(
      app.db,
      sql`SELECT p.name, p.unit_price_cents AS price,
                 (SELECT a.value_per_unit_cents FROM appraisals a WHERE a.property_id = p.id AND a.voided_at IS NULL
                   ORDER BY a.appraised_on DESC, a.created_at DESC LIMIT 1) AS last
            FROM properties p WHERE p.id = ${propertyId}`,
    );
    if (!p) throw notFound('Property not found');
    // The large-change confirmation is the requester's to give: asked for now, not found
    // missing when the second admin approves.
    const limit = app.config.appraisalMaxChangePct;
    const change = p.last === null ? 0 : appraisalChangePercent(Number(p.last), cents);
    if (Math.abs(change) > limit && body.confirmLargeChange !== true) throw conflict(appraisalChangeMessage(change, limit));
    const before = Number(p.last ?? p.price);
    const movePct = before > 0 ? (Math.abs(cents - before) * 100) / before : 100;
    const cfg = app.config.fourEyes;
    if (!cfg?.allAppraisals && movePct <= (cfg?.appraisalMovePct ?? 10)) return null;
    return {
      targetType: 'property',
      targetId: propertyId,
      summary: `Record an appraisal of ${p.name} at ${centsText(cents)} a unit (from ${centsText(before)}, ${movePct.toFixed(1)}% move)`,
    };
  },
  execute: (app, approver, { propertyId, body }) => service.createAppraisal(app, approver, propertyId, body),
});

// Voiding restates every holder's value: a second admin checks the first admin's reason.
registerApproval<{ id: string; body: VoidAppraisalBody }>('appraisal.void', {
  async ask(app, _actor, { id, body }) {
    const reason = body.reason.trim();
    if (!reason) throw badRequest(RETURNS_MESSAGES.reasonRequired);
    const [a] = await service.rows<{ name: string; cents: string; day: unknown; voided: unknown }>(
      app.db,
      sql`SELECT p.name, a.value_per_unit_cents AS cents, a.appraised_on::text AS day, a.voided_at AS voided
            FROM appraisals a JOIN properties p ON p.id = a.property_id WHERE a.id = ${id}`,
    );
    if (!a) throw notFound('Appraisal not found');
    if (a.voided !== null) throw conflict(RETURNS_MESSAGES.appraisalVoided);
    return {
      targetType: 'appraisal',
      targetId: id,
      summary: `Void the appraisal of ${a.name} at ${centsText(Number(a.cents))} a unit (${String(a.day)}): ${reason}`,
    };
  },
  execute: (app, approver, { id, body }) => service.voidAppraisal(app, approver, id, body),
});
