// The year-end tax document as PDF (PDFKit, built-in Helvetica, US Letter landscape like the
// statements): income by property, the disposals lot by lot with their totals, an owner's
// summary, and on every page that it is informational and "Page n of N".
import { BRAND } from 'shared-api/contract';
import { formatCents } from 'shared-api/contract/dashboard';
import { dateTime, day, FONT_SIZE, INK, MUTED, openFrame, PAD, printable, ROW, RULE } from './pdf-frame';
import type { TaxDisposalTotals, TaxDocument } from './tax';
import { TERM_LABELS } from './tax-csv';

export const TAX_DOCUMENT_NOTE =
  'Informational only: this is not a tax form and is not filed with the IRS. Income by property corresponds to what a Form 1099-DIV reports; ' +
  'the disposals to what a Form 1099-B reports (proceeds, cost basis, gain or loss, short or long term). Lots are consumed first in, first out; ' +
  'a lot held more than one year (disposed after the anniversary of its acquisition, UTC days) is long term. Cost basis includes purchase fees; ' +
  'gain or loss = proceeds - fees - cost basis.';

interface Column {
  title: string;
  /** A share of the page's width. */
  share: number;
  align?: 'left' | 'right';
}

export async function taxDocumentPdf(d: TaxDocument): Promise<Buffer> {
  const title = `Year-end tax document ${d.year}`;
  const { doc, left, width, bottom, finish } = openFrame(title, d.person, d.generatedAt);
  const end = d.toDate ? `${dateTime(d.generatedAt)} (year to date)` : day(new Date(d.end.getTime() - 1));
  doc.fillColor(MUTED).text(`Tax year: ${day(d.start)} to ${end}. Dates are in UTC.`);
  doc.moveDown(0.5);
  doc.fontSize(8.5).text(TAX_DOCUMENT_NOTE, left, doc.y, { width });
  doc.moveDown(1);

  const drawRow = (cols: Column[], cells: string[], bold = false, color = INK) => {
    const y = doc.y;
    let x = left;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(FONT_SIZE)
      .fillColor(color);
    cols.forEach((c, i) => {
      const w = width * c.share;
      doc.text(printable(cells[i] ?? ''), x + PAD, y, {
        width: w - PAD * 2,
        align: c.align ?? 'left',
        lineBreak: false,
        ellipsis: true,
        height: ROW,
      });
      x += w;
    });
    doc.x = left;
    doc.y = y + ROW;
  };
  const table = (cols: Column[], rows: { cells: string[]; bold?: boolean }[]) => {
    const header = () => {
      drawRow(
        cols,
        cols.map((c) => c.title),
        true,
        MUTED,
      );
      doc
        .moveTo(left, doc.y - 2)
        .lineTo(left + width, doc.y - 2)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
    };
    header();
    for (const r of rows) {
      if (doc.y + ROW > bottom()) {
        doc.addPage();
        header();
      }
      drawRow(cols, r.cells, r.bold);
    }
    doc.moveDown(0.8);
  };
  const heading = (text: string) => {
    if (doc.y + ROW * 4 > bottom()) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(text, left, doc.y);
    doc.moveDown(0.3);
  };
  const none = (text: string) => {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(text, left, doc.y);
    doc.moveDown(1);
  };

  heading('Income by property (like Form 1099-DIV)');
  if (d.income.length === 0) none('No income received in this year.');
  else
    table(
      [
        { title: 'Property', share: 0.6 },
        { title: 'Payments', share: 0.15, align: 'right' },
        { title: 'Income', share: 0.25, align: 'right' },
      ],
      [
        ...d.income.map((l) => ({ cells: [l.propertyName, String(l.payments), formatCents(l.cents)] })),
        { cells: ['Total income', String(d.income.reduce((a, l) => a + l.payments, 0)), formatCents(d.incomeTotalCents)], bold: true },
      ],
    );

  heading('Disposals (like Form 1099-B)');
  if (d.disposals.length === 0) none('No units sold in this year.');
  else {
    const cols: Column[] = [
      { title: 'Property', share: 0.22 },
      { title: 'Acquired', share: 0.08 },
      { title: 'Disposed', share: 0.08 },
      { title: 'Term', share: 0.08 },
      { title: 'Units', share: 0.06, align: 'right' },
      { title: 'Proceeds', share: 0.12, align: 'right' },
      { title: 'Cost basis', share: 0.12, align: 'right' },
      { title: 'Fees', share: 0.1, align: 'right' },
      { title: 'Gain or loss', share: 0.14, align: 'right' },
    ];
    const total = (label: string, t: TaxDisposalTotals) => ({
      cells: [
        label,
        '',
        '',
        '',
        String(t.units),
        formatCents(t.proceedsCents),
        formatCents(t.costCents),
        formatCents(t.feeCents),
        formatCents(t.gainCents),
      ],
      bold: true,
    });
    table(cols, [
      ...d.disposals.map((l) => ({
        cells: [
          l.propertyName,
          day(l.acquiredAt),
          day(l.disposedAt),
          TERM_LABELS[l.term],
          String(l.units),
          formatCents(l.proceedsCents),
          formatCents(l.costCents),
          formatCents(l.feeCents),
          formatCents(l.gainCents),
        ],
      })),
      total('Short-term total', d.shortTerm),
      total('Long-term total', d.longTerm),
      total('Total', d.disposalTotals),
    ]);
  }

  if (d.owner) {
    heading('Owner summary by property');
    if (d.owner.lines.length === 0) none('No sale proceeds, distributions, management fees or property sales in this year.');
    else
      table(
        [
          { title: 'Property', share: 0.22 },
          { title: 'Sale proceeds', share: 0.14, align: 'right' },
          { title: 'Distributions funded', share: 0.15, align: 'right' },
          { title: 'Management fees', share: 0.14, align: 'right' },
          { title: 'Sale proceeds paid to holders', share: 0.22, align: 'right' },
          { title: 'Sale fee', share: 0.13, align: 'right' },
        ],
        [...d.owner.lines, { propertyName: 'Total', ...d.owner.totals }].map((l, i, all) => ({
          cells: [
            l.propertyName,
            formatCents(l.proceedsCents),
            formatCents(l.fundedCents),
            formatCents(l.managementFeesCents),
            formatCents(l.saleFundedCents),
            formatCents(l.saleFeeCents),
          ],
          bold: i === all.length - 1,
        })),
      );
  }

  return finish(`${BRAND} - ${d.person.name} - ${d.year}. Informational, not a tax form. Generated ${dateTime(d.generatedAt)}.`);
}
