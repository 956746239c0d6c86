// A statement as one CSV table (RFC 4180, spreadsheet-safe cells): the summary rows first
// (opening balance, each category, closing balance), then money in and out (money in is
// deposits, income and property sale proceeds only; holds released apart), then income by
// property (and, for owners, the distributions they funded by property), then every ledger
// line of the period, named and with its status as the wallet shows them. Amounts are plain
// decimals in USD ("-1234.56").
import { ACCOUNT_VALUE_HINT, ACCOUNT_VALUE_LABEL, centsToDecimal } from 'shared-api/contract/dashboard';
import { csvStream, type CsvColumn } from '../transactions';
import type { Statement, StatementLine, StreamedStatement } from './service';

export interface StatementCsvRow {
  section: 'Summary' | 'Money in and out' | 'Income by property' | 'Distributions funded by property' | 'Ledger';
  item: string;
  date: string;
  type: string;
  category: string;
  property: string;
  description: string;
  amountCents: number | null;
  balanceAfterCents: number | null;
  entry: string;
  status: string;
}

export const STATEMENT_CSV_COLUMNS: CsvColumn<StatementCsvRow>[] = [
  { title: 'Section', value: (r) => r.section },
  { title: 'Item', value: (r) => r.item },
  { title: 'Date (UTC)', value: (r) => r.date },
  { title: 'Type', value: (r) => r.type },
  { title: 'Category', value: (r) => r.category },
  { title: 'Property', value: (r) => r.property },
  { title: 'Description', value: (r) => r.description },
  { title: 'Amount (USD)', value: (r) => (r.amountCents === null ? '' : centsToDecimal(r.amountCents)), numeric: true },
  { title: 'Balance after (USD)', value: (r) => (r.balanceAfterCents === null ? '' : centsToDecimal(r.balanceAfterCents)), numeric: true },
  { title: 'Entry', value: (r) => r.entry },
  { title: 'Status', value: (r) => r.status },
];

const blank = { date: '', type: '', category: '', property: '', description: '', balanceAfterCents: null, entry: '', status: '' };

/** The rows before the ledger lines: summary, money in and out, by property. */
function headRows(s: Omit<Statement, 'lines'>): StatementCsvRow[] {
  const rows: StatementCsvRow[] = [];
  const start = s.period.start.toISOString();
  const end = s.toDate ? s.generatedAt.toISOString() : s.period.end.toISOString();
  rows.push({
    ...blank,
    section: 'Summary',
    item: 'Opening balance',
    date: start,
    amountCents: s.openingCents,
    balanceAfterCents: s.openingCents,
  });
  for (const c of s.categories) {
    rows.push({
      ...blank,
      section: 'Summary',
      item: c.label,
      category: c.label,
      description: `${c.count} ${c.count === 1 ? 'entry' : 'entries'}`,
      amountCents: c.totalCents,
    });
  }
  rows.push({
    ...blank,
    section: 'Summary',
    item: 'Closing balance',
    date: end,
    amountCents: s.closingCents,
    balanceAfterCents: s.closingCents,
  });
  if (s.accountValue)
    rows.push({
      ...blank,
      section: 'Summary',
      item: ACCOUNT_VALUE_LABEL,
      date: s.accountValue.asOf,
      description: ACCOUNT_VALUE_HINT,
      amountCents: s.accountValue.cents,
    });
  for (const [item, cents] of [
    ['Money in (deposits, income and property sale proceeds)', s.moneyInCents],
    ['Holds released (returned to the wallet)', s.holdsReleasedCents],
    ['Other credits', s.otherCreditsCents],
    ['Money out', s.moneyOutCents],
  ] as const) {
    rows.push({ ...blank, section: 'Money in and out', item, amountCents: cents });
  }
  for (const p of s.incomeByProperty) {
    rows.push({
      ...blank,
      section: 'Income by property',
      item: p.propertyName,
      category: 'Income',
      property: p.propertyName,
      description: `${p.count} ${p.count === 1 ? 'payment' : 'payments'}`,
      amountCents: p.totalCents,
    });
  }
  for (const p of s.fundedByProperty) {
    rows.push({
      ...blank,
      section: 'Distributions funded by property',
      item: p.propertyName,
      category: 'Distributions funded',
      property: p.propertyName,
      description: `${p.count} ${p.count === 1 ? 'distribution' : 'distributions'}`,
      amountCents: p.totalCents,
    });
  }
  return rows;
}

function lineRow(s: Omit<Statement, 'lines'>, l: StatementLine): StatementCsvRow {
  return {
    section: 'Ledger',
    item: l.label,
    date: l.date.toISOString(),
    type: l.type,
    category: s.categories.find((c) => c.category === l.category)?.label ?? l.category,
    property: l.propertyName ?? '',
    description: l.description,
    amountCents: l.amountCents,
    balanceAfterCents: l.balanceAfterCents,
    entry: l.entryId,
    status: l.status,
  };
}

/** The statement as CSV, its ledger lines written as the cursor reads them (no ceiling on their number). */
export function statementCsvStream({ statement, lines }: StreamedStatement): AsyncGenerator<string> {
  async function* batches(): AsyncGenerator<StatementCsvRow[]> {
    yield headRows(statement);
    for await (const batch of lines) yield batch.map((l) => lineRow(statement, l));
  }
  return csvStream(STATEMENT_CSV_COLUMNS, batches());
}
