// What every document of this module shares on paper (PDFKit, built-in Helvetica, US Letter
// landscape): the page, the colours, the header with the person, the footer with page
// numbers, and the text Helvetica can print. Statements and tax documents lay out their own
// tables inside it.
import PDFDocument from 'pdfkit';
import { BRAND } from 'shared-api/contract';

export const MARGIN = 50;
export const FOOTER = 30;
export const ROW = 14;
export const INK = '#1a1a1a';
export const MUTED = '#666666';
export const RULE = '#cccccc';
export const BRAND_BLUE = '#1f4fd8';
export const FONT_SIZE = 8.5;
/** A cell's padding on each side. */
export const PAD = 2;

/** Keeps what Helvetica's encoding (WinAnsi) can print. */
export function printable(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

export const dateTime = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
export const day = (d: Date) => d.toISOString().slice(0, 10);

export interface Frame {
  doc: PDFKit.PDFDocument;
  left: number;
  width: number;
  /** Where the page's body ends (the footer is below). */
  bottom: () => number;
  /** Writes every page's footer and ends the document: its bytes. */
  finish: (footer: string) => Promise<Buffer>;
}

/** A new document with its header (brand, title, the person) drawn on the first page. */
export function openFrame(title: string, person: { name: string; email: string }, generatedAt: Date): Frame {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `${BRAND} ${title}`,
      Author: BRAND,
      Subject: `${printable(person.name)} <${person.email}>`,
      CreationDate: generatedAt,
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

  doc.fillColor(BRAND_BLUE).font('Helvetica-Bold').fontSize(22).text(BRAND, left, MARGIN);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(14).text(title);
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  doc.text(printable(person.name));
  doc.text(person.email);

  const finish = (footer: string) => {
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const y = doc.page.height - MARGIN - 10;
      // Writing in the bottom margin must not start a new page.
      const saved = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc.font('Helvetica').fontSize(8).fillColor(MUTED);
      doc.text(printable(footer), left, y, { width: width * 0.75, lineBreak: false, ellipsis: true, height: 12 });
      doc.text(`Page ${i - range.start + 1} of ${range.count}`, left + width * 0.75, y, {
        width: width * 0.25,
        align: 'right',
        lineBreak: false,
      });
      doc.page.margins.bottom = saved;
    }
    doc.end();
    return done;
  };
  return { doc, left, width, bottom: () => doc.page.height - MARGIN - FOOTER, finish };
}
