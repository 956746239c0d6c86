// A statement as PDF, laid out with PDFKit (a maintained PDF library: text, tables drawn
// line by line, page breaks, compression, document info); nothing here writes PDF bytes.
// The built-in Helvetica is used (no font file to ship): it covers Latin-1, so any other
// character in a name or description prints as "?".
import { BRAND } from 'shared-api/contract';
import { ACCOUNT_VALUE_LABEL, formatCents } from 'shared-api/contract/dashboard';
import { dateTime, day, FONT_SIZE, INK, MUTED, openFrame, PAD, printable, ROW, RULE } from './pdf-frame';
import type { Statement } from './service';

/** The last day of a period (its end is the next period's first instant). */
const lastDay = (end: Date) => day(new Date(end.getTime() - 1));

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
  /** Long free text (names, descriptions) wraps onto more lines rather than being cut. */
  wrap?: boolean;
}

/** A PDF holds at most this many lines (about 220 pages per 10,000); the CSV holds more. */
export const PDF_MAX_LINES = 20_000;
/** Laying out is synchronous: give the event loop a turn every so many rows. */
const ROWS_PER_TURN = 250;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function statementPdf(s: Statement): Promise<Buffer> {
  const title = s.period.kind === 'YEAR' ? `Annual tax summary ${s.period.label}` : `Monthly statement ${s.period.label}`;
  const { doc, left, width, bottom, finish } = openFrame(title, s.person, s.generatedAt);
  const periodEnd = s.toDate ? `${dateTime(s.generatedAt)} (period to date)` : `${lastDay(s.period.end)}`;
  doc.fillColor(MUTED).text(`Period: ${day(s.period.start)} to ${periodEnd}. Dates and periods are in UTC.`);
  doc.moveDown(1);

  // ---- Tables ----
  const font = (bold?: boolean) => doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
  /** The width a column needs to print each of these texts on one line, uncut. */
  const fit = (texts: Iterable<string>, bold = false) => {
    font(bold);
    let w = 0;
    for (const t of texts) w = Math.max(w, doc.widthOfString(printable(t)));
    return Math.ceil(w) + PAD * 2 + 1;
  };
  const rowHeight = (cols: Column[], cells: string[], bold?: boolean) => {
    font(bold);
    let h = ROW;
    cols.forEach((c, i) => {
      if (!c.wrap || !cells[i]) return;
      const text = printable(cells[i]);
      // Most cells fit on one line: measuring a line is much cheaper than laying out a block.
      if (doc.widthOfString(text) <= c.width - PAD * 2) return;
      h = Math.max(h, doc.heightOfString(text, { width: c.width - PAD * 2 }) + 3);
    });
    return h;
  };
  const drawRow = (cols: Column[], cells: string[], opts: { bold?: boolean; color?: string } = {}, height = ROW) => {
    const y = doc.y;
    let x = left;
    font(opts.bold).fillColor(opts.color ?? INK);
    cols.forEach((c, i) => {
      doc.text(printable(cells[i] ?? ''), x + PAD, y, {
        width: c.width - PAD * 2,
        align: c.align ?? 'left',
        ...(c.wrap ? { height } : { lineBreak: false, height: ROW }),
      });
      x += c.width;
    });
    doc.x = left;
    doc.y = y + height;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  };
  const heading = (text: string) => {
    if (doc.y + ROW * 4 > bottom()) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(text, left, doc.y);
    doc.moveDown(0.3);
  };
  const table = async (cols: Column[], rows: { cells: string[]; bold?: boolean; color?: string }[]) => {
    const header = () => {
      drawRow(
        cols,
        cols.map((c) => c.title),
        { bold: true, color: MUTED },
      );
      rule();
    };
    header();
    const wraps = cols.some((c) => c.wrap);
    for (const [i, r] of rows.entries()) {
      if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
      const h = wraps ? rowHeight(cols, r.cells, r.bold) : ROW;
      if (doc.y + h > bottom()) {
        doc.addPage();
        header();
      }
      drawRow(cols, r.cells, r, h);
    }
    doc.moveDown(0.8);
  };

  // Summary: opening + each category = closing.
  heading('Summary');
  const sumCols: Column[] = [
    { title: 'Item', width: width * 0.5, wrap: true },
    { title: 'Entries', width: width * 0.15, align: 'right' },
    { title: 'Amount', width: width * 0.35, align: 'right' },
  ];
  const sumRows: { cells: string[]; bold?: boolean; color?: string }[] = [
    { cells: ['Opening balance', '', formatCents(s.openingCents)], bold: true },
  ];
  for (const c of s.categories) {
    if (c.count === 0 && c.category === 'OTHER') continue;
    sumRows.push({ cells: [c.label, String(c.count), formatCents(c.totalCents)] });
    for (const t of c.byType) sumRows.push({ cells: [`    ${t.label}`, String(t.count), formatCents(t.totalCents)], color: MUTED });
  }
  sumRows.push({ cells: ['Closing balance', '', formatCents(s.closingCents)], bold: true });
  if (s.accountValue)
    sumRows.push({
      cells: [
        `${ACCOUNT_VALUE_LABEL} on ${s.accountValue.asOf} (cash plus units at their latest appraisal)`,
        '',
        formatCents(s.accountValue.cents),
      ],
      bold: true,
    });
  await table(sumCols, sumRows);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      `Money in (deposits, income and property sale proceeds) ${formatCents(s.moneyInCents)}; holds released (returned to the wallet, not money in) ${formatCents(s.holdsReleasedCents)}; other credits ${formatCents(s.otherCreditsCents)}; money out ${formatCents(s.moneyOutCents)}. Opening balance plus the amounts above equals the closing balance.`,
      left,
      doc.y,
      { width },
    );
  doc.moveDown(1);

  heading('Income by property');
  if (s.incomeByProperty.length === 0) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('No income received in this period.', left, doc.y);
    doc.moveDown(1);
  } else {
    await table(
      [
        { title: 'Property', width: width * 0.6, wrap: true },
        { title: 'Payments', width: width * 0.15, align: 'right' },
        { title: 'Income', width: width * 0.25, align: 'right' },
      ],
      s.incomeByProperty.map((p) => ({ cells: [p.propertyName, String(p.count), formatCents(p.totalCents)] })),
    );
  }

  if (s.fundedByProperty.length > 0) {
    heading('Distributions funded by property');
    await table(
      [
        { title: 'Property', width: width * 0.6, wrap: true },
        { title: 'Distributions', width: width * 0.15, align: 'right' },
        { title: 'Funded', width: width * 0.25, align: 'right' },
      ],
      s.fundedByProperty.map((p) => ({ cells: [p.propertyName, String(p.count), formatCents(p.totalCents)] })),
    );
  }

  heading(`Ledger lines (${s.lines.length})`);
  if (s.lines.length === 0) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('No money moved in this period.', left, doc.y);
  } else {
    // Columns of names, statuses and amounts are as wide as their longest text; property and
    // description share the rest and wrap, so nothing is cut.
    const stamp = (d: Date) => dateTime(d).replace(' UTC', '');
    const amounts = s.lines.flatMap((l) => [formatCents(l.amountCents), formatCents(l.balanceAfterCents)]);
    const sized = (title: string, texts: Iterable<string>, align?: 'right'): Column => ({
      title,
      width: Math.max(fit([title], true), fit(texts)),
      align,
    });
    const cols: Column[] = [
      sized('Date (UTC)', [stamp(s.generatedAt)]),
      sized('Type', new Set(s.lines.map((l) => l.label))),
      sized('Status', new Set(s.lines.map((l) => l.status))),
      { title: 'Property', width: 0, wrap: true },
      { title: 'Description', width: 0, wrap: true },
      sized('Amount', amounts, 'right'),
      sized('Balance after', amounts, 'right'),
    ];
    const rest = Math.max(width - cols.reduce((a, c) => a + c.width, 0), 120);
    cols[3].width = Math.floor(rest * 0.4);
    cols[4].width = rest - cols[3].width;
    await table(
      cols,
      s.lines.map((l) => ({
        cells: [
          stamp(l.date),
          l.label,
          l.status,
          l.propertyName ?? '',
          l.description,
          formatCents(l.amountCents),
          formatCents(l.balanceAfterCents),
        ],
      })),
    );
  }

  // ---- Footer on every page: page numbers and when it was made ----
  return finish(`${BRAND} - ${s.person.name} - ${s.period.label}. Generated ${dateTime(s.generatedAt)}.`);
}
