// The year-end tax document as one CSV table (RFC 4180, spreadsheet-safe cells): income by
// property and its total (1099-DIV-like), then one row per disposed lot with its holding
// period, then the short-term, long-term and overall totals (1099-B-like), then an owner's
// yearly summary by property and its total (a property's sale: what the owner paid its
// holders and the sale fee). Amounts are plain decimals in USD ("-1234.56").
import { centsToDecimal } from 'shared-api/contract/dashboard';
import { csvStream, type CsvColumn } from '../transactions';
import type { StreamedTaxDocument, TaxDisposalLine, TaxDisposalTotals, TaxDocument } from './tax';

export type TaxCsvSection = 'Document' | 'Income by property' | 'Disposals' | 'Disposal totals' | 'Owner summary';

export interface TaxCsvRow {
  section: TaxCsvSection;
  item: string;
  property: string;
  acquired: string;
  disposed: string;
  term: string;
  units: string;
  count: string;
  proceeds: number | null;
  cost: number | null;
  fees: number | null;
  gain: number | null;
  amount: number | null;
  reference: string;
}

const money = (c: number | null) => (c === null ? '' : centsToDecimal(c));

export const TAX_CSV_COLUMNS: CsvColumn<TaxCsvRow>[] = [
  { title: 'Section', value: (r) => r.section },
  { title: 'Item', value: (r) => r.item },
  { title: 'Property', value: (r) => r.property },
  { title: 'Date acquired (UTC)', value: (r) => r.acquired },
  { title: 'Date disposed (UTC)', value: (r) => r.disposed },
  { title: 'Holding period', value: (r) => r.term },
  { title: 'Units', value: (r) => r.units, numeric: true },
  { title: 'Count', value: (r) => r.count, numeric: true },
  { title: 'Proceeds (USD)', value: (r) => money(r.proceeds), numeric: true },
  { title: 'Cost basis (USD)', value: (r) => money(r.cost), numeric: true },
  { title: 'Fees (USD)', value: (r) => money(r.fees), numeric: true },
  { title: 'Gain or loss (USD)', value: (r) => money(r.gain), numeric: true },
  { title: 'Amount (USD)', value: (r) => money(r.amount), numeric: true },
  { title: 'Reference', value: (r) => r.reference },
];

const blank = {
  property: '',
  acquired: '',
  disposed: '',
  term: '',
  units: '',
  count: '',
  proceeds: null,
  cost: null,
  fees: null,
  gain: null,
  amount: null,
  reference: '',
};

export const TERM_LABELS = { SHORT: 'Short term', LONG: 'Long term' } as const;
/** The owner's lines of a property's sale (SALE_FUNDING, SALE_FEE), as the CSV and the PDF name them. */
export const OWNER_SALE_LABELS = { funded: 'sale proceeds paid to holders', fee: 'sale fee' } as const;
const day = (d: Date) => d.toISOString().slice(0, 10);

type TaxSummary = Omit<TaxDocument, 'disposals'>;

function headRows(d: TaxSummary): TaxCsvRow[] {
  const rows: TaxCsvRow[] = [];
  rows.push({
    ...blank,
    section: 'Document',
    item: `Year-end tax document ${d.year} (informational; not a tax form filed with the IRS)`,
    acquired: day(d.start),
    disposed: d.toDate ? d.generatedAt.toISOString() : day(new Date(d.end.getTime() - 1)),
    reference: `${d.person.name} <${d.person.email}>`,
  });
  for (const l of d.income) {
    rows.push({
      ...blank,
      section: 'Income by property',
      item: 'Rental income',
      property: l.propertyName,
      count: String(l.payments),
      amount: l.cents,
    });
  }
  rows.push({
    ...blank,
    section: 'Income by property',
    item: 'Total income',
    count: String(d.income.reduce((a, l) => a + l.payments, 0)),
    amount: d.incomeTotalCents,
  });
  return rows;
}

const disposalRow = (l: TaxDisposalLine): TaxCsvRow => ({
  ...blank,
  section: 'Disposals',
  item: l.saleId ? "Units retired by the property's sale" : 'Units sold',
  property: l.propertyName,
  acquired: day(l.acquiredAt),
  disposed: day(l.disposedAt),
  term: TERM_LABELS[l.term],
  units: String(l.units),
  proceeds: l.proceedsCents,
  cost: l.costCents,
  fees: l.feeCents,
  gain: l.gainCents,
  reference: l.tradeId ?? l.saleId ?? '',
});

function tailRows(d: TaxSummary): TaxCsvRow[] {
  const rows: TaxCsvRow[] = [];
  const total = (item: string, t: TaxDisposalTotals, term = ''): TaxCsvRow => ({
    ...blank,
    section: 'Disposal totals',
    item,
    term,
    units: String(t.units),
    count: String(t.lines),
    proceeds: t.proceedsCents,
    cost: t.costCents,
    fees: t.feeCents,
    gain: t.gainCents,
  });
  rows.push(total('Short-term total', d.shortTerm, TERM_LABELS.SHORT));
  rows.push(total('Long-term total', d.longTerm, TERM_LABELS.LONG));
  rows.push(total('Total', d.disposalTotals));
  if (d.owner) {
    for (const l of [...d.owner.lines, { propertyId: '', propertyName: '', ...d.owner.totals }]) {
      const item = l.propertyId ? 'Property' : 'Total';
      rows.push({ ...blank, section: 'Owner summary', item: `${item}: sale proceeds`, property: l.propertyName, amount: l.proceedsCents });
      rows.push({
        ...blank,
        section: 'Owner summary',
        item: `${item}: distributions funded`,
        property: l.propertyName,
        amount: l.fundedCents,
      });
      rows.push({
        ...blank,
        section: 'Owner summary',
        item: `${item}: management fees`,
        property: l.propertyName,
        amount: l.managementFeesCents,
      });
      rows.push({
        ...blank,
        section: 'Owner summary',
        item: `${item}: ${OWNER_SALE_LABELS.funded}`,
        property: l.propertyName,
        amount: l.saleFundedCents,
      });
      rows.push({
        ...blank,
        section: 'Owner summary',
        item: `${item}: ${OWNER_SALE_LABELS.fee}`,
        property: l.propertyName,
        amount: l.saleFeeCents,
      });
    }
  }
  return rows;
}

/** The tax document as CSV, its disposal lines written as the cursor reads them (no ceiling on their number). */
export function taxCsvStream({ document, disposals }: StreamedTaxDocument): AsyncGenerator<string> {
  async function* batches(): AsyncGenerator<TaxCsvRow[]> {
    yield headRows(document);
    for await (const batch of disposals) yield batch.map(disposalRow);
    yield tailRows(document);
  }
  return csvStream(TAX_CSV_COLUMNS, batches());
}
