// The portfolio-accounting engine, pure: from one investor's lots, disposals, income, cash
// and the properties' marks, the figures every investor screen shows (integer cents inside).
// Valuation policy and lot method: docs/portfolio-accounting.md.

export interface EngineProperty {
  id: string;
  name: string;
  /** The issue price: the mark until the first appraisal. */
  unitPriceCents: number;
  lastTrade: { priceCents: number; day: string } | null;
}
export interface EngineLot {
  propertyId: string;
  day: string;
  units: number;
  costCents: number;
  remainingUnits: number;
  remainingCostCents: number;
}
export interface EngineDisposal {
  propertyId: string;
  day: string;
  units: number;
  costCents: number;
  proceedsCents: number;
  feeCents: number;
  gainCents: number;
}
export interface EngineIncome {
  propertyId: string;
  /** Pay date. */
  day: string;
  cents: number;
}
export interface EngineAppraisal {
  propertyId: string;
  day: string;
  valuePerUnitCents: number;
}
/** The wallet's balance at the end of a day it moved. */
export interface EngineCash {
  day: string;
  balanceCents: number;
}
export interface EngineInput {
  today: string;
  properties: EngineProperty[];
  lots: EngineLot[];
  disposals: EngineDisposal[];
  income: EngineIncome[];
  appraisals: EngineAppraisal[];
  cash: EngineCash[];
}

export interface EngineHolding {
  propertyId: string;
  propertyName: string;
  units: number;
  costCents: number;
  markCents: number;
  markSource: 'APPRAISAL' | 'ISSUE_PRICE';
  markDate: string | null;
  marketPriceCents: number | null;
  marketPriceDate: string | null;
  valueCents: number;
  incomeCents: number;
  realizedCents: number;
  unrealizedCents: number;
  totalReturnCents: number;
  feesCents: number;
  /** What every lot of it cost (the base of its return percent). */
  boughtCents: number;
  /** Income over the average money invested in it since its first purchase, annualized, percent. */
  realizedYield: number | null;
}
export interface EngineTotals {
  cashCents: number;
  holdingsValueCents: number;
  accountValueCents: number;
  investedCents: number;
  incomeCents: number;
  realizedCents: number;
  unrealizedCents: number;
  totalReturnCents: number;
  feesCents: number;
  boughtCents: number;
  moneyWeightedReturn: number | null;
  realizedYield: number | null;
}
export interface EnginePoint {
  date: string;
  cents: number;
}
export interface EngineResult {
  holdings: EngineHolding[];
  totals: EngineTotals;
  valueOverTime: EnginePoint[];
  investedOverTime: EnginePoint[];
  incomeOverTime: EnginePoint[];
}

const DAY_MS = 86_400_000;
/** Below this many days a yield or XIRR annualizes noise, so none is given. */
export const MIN_ANNUALIZE_DAYS = 30;

const dayNum = (d: string) => Math.floor(Date.parse(`${d}T00:00:00Z`) / DAY_MS);
const dayStr = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const round2 = (x: number) => Math.round(x * 100) / 100;

/** The mark of each property as of `day` (latest appraisal on or before it, else the issue price). */
function latestAppraisals(appraisals: EngineAppraisal[]): Map<string, EngineAppraisal> {
  const latest = new Map<string, EngineAppraisal>();
  for (const a of appraisals) {
    const cur = latest.get(a.propertyId);
    // Same-day appraisals: the later one in the list (callers list them oldest first) wins.
    if (!cur || a.day >= cur.day) latest.set(a.propertyId, a);
  }
  return latest;
}

/**
 * Money-weighted annual return: the rate r with sum(flow / (1 + r)^(years since first)) = 0,
 * flows signed from the investor's side (purchases negative; proceeds, income and today's
 * value positive). Bisection on a bracketed root (robust where Newton wanders); null when
 * the flows do not change sign or no root lies in (-99.99%, 1,000,000%).
 */
export function xirr(flows: { day: number; cents: number }[]): number | null {
  const nz = flows.filter((f) => f.cents !== 0);
  if (!nz.some((f) => f.cents < 0) || !nz.some((f) => f.cents > 0)) return null;
  const t0 = nz.reduce((a, f) => Math.min(a, f.day), Number.POSITIVE_INFINITY);
  const npv = (r: number) => nz.reduce((a, f) => a + f.cents / Math.pow(1 + r, (f.day - t0) / 365), 0);
  let lo = -0.9999;
  let hi = 10_000;
  let flo = npv(lo);
  const fhi = npv(hi);
  if (!Number.isFinite(flo) || !Number.isFinite(fhi) || Math.sign(flo) === Math.sign(fhi)) return null;
  for (let i = 0; i < 200 && hi - lo > 1e-10; i++) {
    const mid = (lo + hi) / 2;
    const fm = npv(mid);
    if (Math.sign(fm) === Math.sign(flo)) {
      lo = mid;
      flo = fm;
    } else hi = mid;
  }
  return round2(((lo + hi) / 2) * 100);
}

export function computePortfolio(input: EngineInput): EngineResult {
  const today = dayNum(input.today);
  const props = new Map(input.properties.map((p) => [p.id, p]));
  const latest = latestAppraisals(input.appraisals.filter((a) => dayNum(a.day) <= today));

  // ---- Per holding, today ----
  const acc = new Map<
    string,
    { units: number; costCents: number; realizedCents: number; feesCents: number; incomeCents: number; boughtCents: number }
  >();
  const of = (id: string) => {
    let a = acc.get(id);
    if (!a) acc.set(id, (a = { units: 0, costCents: 0, realizedCents: 0, feesCents: 0, incomeCents: 0, boughtCents: 0 }));
    return a;
  };
  for (const l of input.lots) {
    const a = of(l.propertyId);
    a.units += l.remainingUnits;
    a.costCents += l.remainingCostCents;
    a.boughtCents += l.costCents;
  }
  for (const d of input.disposals) {
    const a = of(d.propertyId);
    a.realizedCents += d.gainCents;
    a.feesCents += d.feeCents;
  }
  for (const i of input.income) if (dayNum(i.day) <= today) of(i.propertyId).incomeCents += i.cents;
  const holdings: EngineHolding[] = [];
  for (const [id, { units, costCents, realizedCents, feesCents, incomeCents, boughtCents }] of acc) {
    const p = props.get(id);
    if (!p) continue;
    const appraisal = latest.get(id);
    const markCents = appraisal ? appraisal.valuePerUnitCents : p.unitPriceCents;
    const valueCents = units * markCents;
    const unrealizedCents = valueCents - costCents;
    holdings.push({
      propertyId: id,
      propertyName: p.name,
      units,
      costCents,
      markCents,
      markSource: appraisal ? 'APPRAISAL' : 'ISSUE_PRICE',
      markDate: appraisal ? appraisal.day : null,
      marketPriceCents: p.lastTrade?.priceCents ?? null,
      marketPriceDate: p.lastTrade?.day ?? null,
      valueCents,
      incomeCents,
      realizedCents,
      unrealizedCents,
      totalReturnCents: incomeCents + realizedCents + unrealizedCents,
      feesCents,
      boughtCents,
      realizedYield: null,
    });
  }
  holdings.sort((a, b) => b.valueCents - a.valueCents || a.propertyId.localeCompare(b.propertyId));

  const sum = (f: (h: EngineHolding) => number) => holdings.reduce((a, h) => a + f(h), 0);
  const cashDays = [...input.cash].filter((c) => dayNum(c.day) <= today).sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const cashCents = cashDays.length ? cashDays[cashDays.length - 1].balanceCents : 0;
  const holdingsValueCents = sum((h) => h.valueCents);

  // ---- Series: replay the events day by day ----
  type Ev = { day: number; apply: () => void };
  const units = new Map<string, number>();
  const marks = new Map<string, number>(input.properties.map((p) => [p.id, p.unitPriceCents]));
  let held = 0; // sum of units x mark
  let invested = 0;
  let income = 0;
  let cash = 0;
  // Money invested in each property, integrated over days (cent-days), for its yield.
  const investedP = new Map<string, { cents: number; since: number; area: number; first: number }>();
  const invest = (pid: string, day: number, delta: number) => {
    const v = investedP.get(pid) ?? { cents: 0, since: day, area: 0, first: day };
    v.area += v.cents * (day - v.since);
    v.cents += delta;
    v.since = day;
    investedP.set(pid, v);
  };
  const setUnits = (pid: string, delta: number) => {
    const u = units.get(pid) ?? 0;
    held += delta * (marks.get(pid) ?? 0);
    units.set(pid, u + delta);
  };
  const setMark = (pid: string, cents: number) => {
    held += (units.get(pid) ?? 0) * (cents - (marks.get(pid) ?? 0));
    marks.set(pid, cents);
  };
  const events: Ev[] = [];
  for (const l of input.lots) {
    events.push({
      day: dayNum(l.day),
      apply: () => {
        setUnits(l.propertyId, l.units);
        invested += l.costCents;
        invest(l.propertyId, dayNum(l.day), l.costCents);
      },
    });
  }
  for (const d of input.disposals) {
    events.push({
      day: dayNum(d.day),
      apply: () => {
        setUnits(d.propertyId, -d.units);
        invested -= d.costCents;
        invest(d.propertyId, dayNum(d.day), -d.costCents);
      },
    });
  }
  for (const i of input.income) events.push({ day: dayNum(i.day), apply: () => (income += i.cents) });
  // Appraisals in date order; on one day the last listed wins, as for today's mark.
  for (const a of input.appraisals) events.push({ day: dayNum(a.day), apply: () => setMark(a.propertyId, a.valuePerUnitCents) });
  for (const c of cashDays) events.push({ day: dayNum(c.day), apply: () => (cash = c.balanceCents) });
  const stable = events.map((e, i) => ({ e, i })).sort((a, b) => a.e.day - b.e.day || a.i - b.i);

  const valueOverTime: EnginePoint[] = [];
  const investedOverTime: EnginePoint[] = [];
  const incomeOverTime: EnginePoint[] = [];
  const activity = stable.filter((s) => s.e.day <= today);
  let firstHolding = Number.POSITIVE_INFINITY;
  for (const l of input.lots) firstHolding = Math.min(firstHolding, dayNum(l.day));
  for (const i of input.income) firstHolding = Math.min(firstHolding, dayNum(i.day));
  if (Number.isFinite(firstHolding)) {
    let k = 0;
    for (let d = Math.min(activity.length ? activity[0].e.day : firstHolding, firstHolding); d <= today; d++) {
      while (k < activity.length && activity[k].e.day <= d) activity[k++].e.apply();
      if (d < firstHolding) continue;
      const date = dayStr(d);
      valueOverTime.push({ date, cents: cash + held });
      investedOverTime.push({ date, cents: invested });
      incomeOverTime.push({ date, cents: income });
    }
  }

  // ---- Money-weighted return and realized yield ----
  // Each day counts its end-of-day investment, today included (as the series' points do).
  const yieldOf = (incomeCents: number, avgCents: number, days: number) =>
    incomeCents > 0 && avgCents > 0 ? round2((incomeCents / avgCents) * (365 / Math.max(days, MIN_ANNUALIZE_DAYS)) * 100) : null;
  for (const h of holdings) {
    const v = investedP.get(h.propertyId);
    if (!v) continue;
    const days = today - v.first + 1;
    h.realizedYield = yieldOf(h.incomeCents, (v.area + v.cents * (today + 1 - v.since)) / days, days);
  }
  const flows = [
    ...input.lots.map((l) => ({ day: dayNum(l.day), cents: -l.costCents })),
    ...input.disposals.map((d) => ({ day: dayNum(d.day), cents: d.proceedsCents - d.feeCents })),
    ...input.income.filter((i) => dayNum(i.day) <= today).map((i) => ({ day: dayNum(i.day), cents: i.cents })),
    { day: today, cents: holdingsValueCents },
  ];
  const span = Number.isFinite(firstHolding) ? today - firstHolding + 1 : 0;
  const moneyWeightedReturn = span >= MIN_ANNUALIZE_DAYS ? xirr(flows) : null;
  const incomeCents = sum((h) => h.incomeCents);
  // Average money invested over the days since the first purchase (the series' mean).
  const avgInvested = investedOverTime.length ? investedOverTime.reduce((a, p) => a + p.cents, 0) / investedOverTime.length : 0;
  const realizedYield = yieldOf(incomeCents, avgInvested, span);

  const realizedCents = sum((h) => h.realizedCents);
  const unrealizedCents = sum((h) => h.unrealizedCents);
  return {
    holdings,
    totals: {
      cashCents,
      holdingsValueCents,
      accountValueCents: cashCents + holdingsValueCents,
      investedCents: sum((h) => h.costCents),
      incomeCents,
      realizedCents,
      unrealizedCents,
      totalReturnCents: incomeCents + realizedCents + unrealizedCents,
      feesCents: sum((h) => h.feesCents),
      boughtCents: sum((h) => h.boughtCents),
      moneyWeightedReturn,
      realizedYield,
    },
    valueOverTime,
    investedOverTime,
    incomeOverTime,
  };
}
