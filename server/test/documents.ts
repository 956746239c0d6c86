// Reading back what the documents routes send: a CSV's rows and a PDF's text.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

// pdf-parse (PDF.js underneath) reads a generated PDF back as text, in a Node process of its
// own (test/pdf-text.cjs). Without pdf-parse installed the PDF checks skip, loudly.
let hasPdfParse = true;
try {
  require.resolve('pdf-parse');
} catch {
  hasPdfParse = false;
  console.warn('SKIPPED: the PDF text checks need the pdf-parse package (npm install)');
}
export const itPdf = hasPdfParse ? it : it.skip;

export function pdfText(buf: Buffer): { text: string; pages: number } {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'pdf-text.cjs')], { input: buf, maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(out.toString('utf8')) as { text: string; pages: number };
}

/** RFC 4180 rows (quoted cells, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
