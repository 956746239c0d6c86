// A statement as PDF, laid out with PDFKit (a maintained PDF library: text, tables drawn
// line by line, page breaks, compression, document info); nothing here writes PDF bytes.
// The built-in Helvetica is used (no font file to ship): it covers Latin-1, so any other
// character in a name or description prints as "?".
import PDFDocument from 'pdfkit';
import { BRAND } from 'shared-api/contract';
import { formatCents } from 'shared-api/contract/dashboard';
import type { Statement } from './service';

const MARGIN = 50;
const FOOTER = 30;
const ROW = 14;
const INK = '#1a1a1a';
const MUTED = '#666666';
const RULE = '#cccccc';
const BRAND_BLUE = '#1f4fd8';

/** Keeps what Helvetica's encoding (WinAnsi) can print. */
function printable(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

const dateTime = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const day = (d: Date) => d.toISOString().slice(0, 10);
/** The last day of a period (its end is the next period's first instant). */
const lastDay = (end: Date) => day(new Date(end.getTime() - 1));

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/** A PDF holds at most this many lines (about 220 pages per 10,000); the CSV holds more. */
export const PDF_MAX_LINES = 20_000;
/** Laying out is synchronous: give the event loop a turn every so many rows. */
const ROWS_PER_TURN = 250;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function statementPdf(s: Statement): Promise<Buffer> {
  const title = s.period.kind === 'YEAR' ? `Annual tax summary ${s.period.label}` : `Monthly statement ${s.period.label}`;
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `${BRAND} ${title}`,
      Author: BRAND,
      Subject: `${printable(s.person.name)} <${s.person.email}>`,
      CreationDate: s.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN - FOOTER;

  // ---- Header ----
  doc.fillColor(BRAND_BLUE).font('Helvetica-Bold').fontSize(22).text(BRAND, left, MARGIN);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(14).text(title);
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  doc.text(printable(s.person.name));
  doc.text(s.person.email);
  const periodEnd = s.toDate ? `${dateTime(s.generatedAt)} (period to date)` : `${lastDay(s.period.end)}`;
  doc.fillColor(MUTED).text(`Period: ${day(s.period.start)} to ${periodEnd}. Dates and periods are in UTC.`);
  doc.moveDown(1);

  // ---- Tables ----
  const drawRow = (cols: Column[], cells: string[], opts: { bold?: boolean; color?: string } = {}) => {
    const y = doc.y;
    let x = left;
    doc
      .font(opts.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8.5)
      .fillColor(opts.color ?? INK);
    cols.forEach((c, i) => {
      doc.text(printable(cells[i] ?? ''), x + 2, y, {
        width: c.width - 4,
        align: c.align ?? 'left',
        lineBreak: false,
        ellipsis: true,
        height: ROW,
      });
      x += c.width;
    });
    doc.x = left;
    doc.y = y + ROW;
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
    for (const [i, r] of rows.entries()) {
      if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
      if (doc.y + ROW > bottom()) {
        doc.addPage();
        header();
      }
      drawRow(cols, r.cells, r);
    }
    doc.moveDown(0.8);
  };

  // Summary: opening + each category = closing.
  heading('Summary');
  const sumCols: Column[] = [
    { title: 'Item', width: width * 0.5 },
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
  await table(sumCols, sumRows);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      `Money in ${formatCents(s.creditsCents)}, money out ${formatCents(s.debitsCents)}. Opening balance plus the amounts above equals the closing balance.`,
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
        { title: 'Property', width: width * 0.6 },
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
        { title: 'Property', width: width * 0.6 },
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
    await table(
      [
        { title: 'Date (UTC)', width: width * 0.16 },
        { title: 'Type', width: width * 0.17 },
        { title: 'Property', width: width * 0.16 },
        { title: 'Description', width: width * 0.25 },
        { title: 'Amount', width: width * 0.13, align: 'right' },
        { title: 'Balance after', width: width * 0.13, align: 'right' },
      ],
      s.lines.map((l) => ({
        cells: [
          dateTime(l.date).replace(' UTC', ''),
          l.label,
          l.propertyName ?? '',
          l.description,
          formatCents(l.amountCents),
          formatCents(l.balanceAfterCents),
        ],
      })),
    );
  }

  // ---- Footer on every page: page numbers and when it was made ----
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN - 10;
    // Writing in the bottom margin must not start a new page.
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(`${BRAND} - ${printable(s.person.name)} - ${s.period.label}. Generated ${dateTime(s.generatedAt)}.`, left, y, {
      width: width * 0.75,
      lineBreak: false,
      ellipsis: true,
      height: 12,
    });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, left + width * 0.75, y, {
      width: width * 0.25,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = saved;
  }
  doc.end();
  return done;
}
