// A SELL vote the holders passed, through the vote's own rules at a test's pace: the proposal
// inserted to open now and close in two seconds (the API asks for two days; the table only
// for a close after the opening), opened by proposal_open (the snapshot), every holder of
// record voting FOR through the votes' guard (all three in one transaction), then closed by
// proposal_close once its close time has passed (tally, result, audit row). What recording a
// sale requires (record_property_sale). Used by the sale's tests and `npm run bench:exit`.
import { randomUUID } from 'node:crypto';
import type { Exec } from './distribution-fixtures';

export interface SellVoteOptions {
  propertyId: string;
  /** Who raised it (the listing's owner). */
  raisedBy: string;
  /** The price holders agree to sell at, or above (cents). */
  priceCents: number;
}

const UUID = /^[0-9a-f-]{36}$/;

/** Returns when the vote is closed; throws unless it passed. */
export async function passSellVote(exec: Exec, query: (statement: string) => Promise<Record<string, unknown>[]>, o: SellVoteOptions) {
  if (!UUID.test(o.propertyId) || !UUID.test(o.raisedBy) || !Number.isSafeInteger(o.priceCents)) throw new Error('bad fixture arguments');
  // One transaction for raising, opening and voting: the votes' guard compares the close time
  // with now(), the transaction's start, so a slow host (10,000 holders to snapshot and vote)
  // cannot close the two-second window before the last vote.
  const id = randomUUID();
  await exec(`DO $fixture$ BEGIN
    INSERT INTO proposals (id, property_id, kind, title, price_cents, price_is_floor, raised_by, quorum_pct, majority_pct, opens_at, closes_at)
      VALUES ('${id}', '${o.propertyId}', 'SELL', 'Sell the property', ${o.priceCents}, true, '${o.raisedBy}', 50, 60, now(), now() + interval '2 seconds');
    PERFORM proposal_open('${id}');
    INSERT INTO proposal_votes (proposal_id, holder_id, choice) SELECT proposal_id, holder_id, 'FOR' FROM proposal_holders WHERE proposal_id = '${id}';
  END $fixture$`);
  const [p] = await query(`SELECT closes_at FROM proposals WHERE id = '${id}'`);
  const wait = new Date(p.closes_at as string).getTime() - Date.now() + 50;
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  for (let tries = 0; ; tries++) {
    const [closed] = await query(`SELECT proposal_close('${id}', NULL, NULL) AS result`);
    if (closed.result === 'PASSED') return id;
    if (closed.result !== 'OPEN' || tries === 20) throw new Error(`fixture: the sell vote ended ${String(closed.result)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Brings the close time of a property's open votes to now, so the next read (or the proposals
 * job) closes them by their own rule (tally, result, audit row, notices). For browser journeys
 * on their own database only: a vote stays open two days at least, which no journey can wait
 * for. proposals_guard keeps a vote's dates fixed, so the update runs with the triggers off
 * (session_replication_role = replica, as a restore does), in the caller's transaction.
 * Answers how many votes it moved.
 */
export async function closeVotesNow(exec: (statement: string) => Promise<Record<string, unknown>[]>, propertyId: string): Promise<number> {
  if (!UUID.test(propertyId)) throw new Error('bad fixture arguments');
  await exec(`SET LOCAL session_replication_role = replica`);
  const moved = await exec(
    `UPDATE proposals SET closes_at = greatest(now(), opens_at + interval '1 millisecond')
      WHERE property_id = '${propertyId}' AND status = 'OPEN' RETURNING id`,
  );
  await exec(`SET LOCAL session_replication_role = origin`);
  return moved.length;
}
