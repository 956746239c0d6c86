// The worker thread's side of the statement PDF pool (pdf-pool.ts): lays a statement out
// with statementPdf and posts the bytes back through the port as they come, so the layout's
// CPU (seconds for tens of thousands of lines) never runs on the API's event loop.
import type { MessagePort } from 'node:worker_threads';
import { statementPdf } from './pdf';
import type { Statement } from './service';
import type { TaxDocument } from './tax';
import { taxDocumentPdf } from './tax-pdf';

/**
 * A statement as JSON text: copying strings to a thread is a memcpy, while the structured
 * clone of 10,000 line objects held the event loop for 0.1 to 0.9 s. The lines come in
 * slices, each stringified in a turn of its own.
 */
export interface EncodedStatement {
  head: string;
  lines: string[];
}

export interface PdfTask {
  statement?: EncodedStatement;
  /** A year-end tax document as JSON text (laid out by taxDocumentPdf), instead of a statement. */
  tax?: string;
  /** Receives the PDF in chunks (Uint8Array, transferred), then `null` when it is complete. */
  port: MessagePort;
}

const LINES_PER_SLICE = 1000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function encodeStatement(statement: Statement): Promise<EncodedStatement> {
  const { lines, ...head } = statement;
  const slices: string[] = [];
  for (let at = 0; at < lines.length; at += LINES_PER_SLICE) {
    if (at > 0) await nextTurn();
    slices.push(JSON.stringify(lines.slice(at, at + LINES_PER_SLICE)));
  }
  return { head: JSON.stringify(head), lines: slices };
}

/** Back to a Statement: its dates were ISO strings in the JSON. */
export function decodeStatement(e: EncodedStatement): Statement {
  const head = JSON.parse(e.head) as Omit<Statement, 'lines'>;
  const lines = e.lines.flatMap((slice) => JSON.parse(slice) as Statement['lines']).map((l) => ({ ...l, date: new Date(l.date) }));
  return {
    ...head,
    generatedAt: new Date(head.generatedAt),
    period: { ...head.period, start: new Date(head.period.start), end: new Date(head.period.end) },
    lines,
  };
}

/** Back to a TaxDocument: its dates were ISO strings in the JSON. */
export function decodeTaxDocument(json: string): TaxDocument {
  const d = JSON.parse(json) as TaxDocument;
  return {
    ...d,
    start: new Date(d.start),
    end: new Date(d.end),
    generatedAt: new Date(d.generatedAt),
    disposals: d.disposals.map((l) => ({ ...l, acquiredAt: new Date(l.acquiredAt), disposedAt: new Date(l.disposedAt) })),
  };
}

export default async function renderStatementPdf({ statement, tax, port }: PdfTask): Promise<number> {
  try {
    const pdf = tax !== undefined ? await taxDocumentPdf(decodeTaxDocument(tax)) : await statementPdf(decodeStatement(statement!));
    // Chunks of 256 KiB: the client receives while the rest is still being handed over.
    const CHUNK = 256 * 1024;
    for (let at = 0; at < pdf.length; at += CHUNK) {
      const part = new Uint8Array(pdf.subarray(at, at + CHUNK));
      port.postMessage(part, [part.buffer]);
    }
    port.postMessage(null);
    return pdf.length;
  } finally {
    port.close();
  }
}
