// An optional manual approval before a rollout's last step (`rollout … --approve-before-last`,
// then `approve <remote>`). The step machine (rollout.ts) decides as always; this gate only
// turns its "advance to the last step" into a wait until someone approved, so a breach
// still rolls back while the rollout waits.
import type { Decision, Rollout } from './rollout';

export interface Approval {
  /** Set when the rollout started with --approve-before-last. */
  beforeLast: true;
  approvedBy?: string;
  approvedAt?: string;
  /** When the rollout first waited for it (the wait-for-approval notification went then). */
  waitingSince?: string;
}

/** What a tick reports for a decision: its action, or 'wait-for-approval' the first time the gate holds it. */
export type TickAction = Decision['action'] | 'wait-for-approval';

export interface Gated {
  decision: Decision;
  /** The tick's action (and webhook event). */
  action: TickAction;
}

export const needsApproval = (r: Rollout) => !!r.approval && !r.approval.approvedAt;

/** `d` as the approval gate lets it through at `now`. */
export function gate(r: Rollout, d: Decision, now: Date): Gated {
  const last = r.plan.steps.length - 1;
  if (d.action !== 'advance' || r.step + 1 !== last || !needsApproval(r)) return { decision: d, action: d.action };
  const since = r.approval!.waitingSince;
  const how = `npm run release -- approve ${r.remote}`;
  const reason = since
    ? `waiting for approval since ${since} before the last step (${d.percent}%); holding at ${r.plan.steps[r.step]}%: ${how}`
    : `waiting for approval before the last step (${d.percent}%): ${d.reason.replace(/; now \d+%$/, '')}; holding at ${r.plan.steps[r.step]}%: ${how}`;
  return {
    decision: { action: 'wait', reason, percent: r.plan.steps[r.step], nextDecisionAt: now.toISOString(), comparison: d.comparison },
    action: since ? 'wait' : 'wait-for-approval',
  };
}

/** The rollout after the gate held it: it remembers since when it waits. */
export function afterGate(r: Rollout, g: Gated, now: Date): Rollout {
  return g.action === 'wait-for-approval' && r.approval ? { ...r, approval: { ...r.approval, waitingSince: now.toISOString() } } : r;
}
