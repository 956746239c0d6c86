// Statement PDFs are laid out in worker threads (Piscina: a maintained pool with a queue,
// idle timeouts, and transfer lists), not on the event loop: a 10,000-line statement costs
// seconds of CPU, during which every other request on this process used to wait. The worker
// posts the bytes back through a MessagePort and the route streams them to the client.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import Piscina from 'piscina';
import type { Statement } from './service';
import type { TaxDocument } from './tax';
import { encodeStatement, type PdfTask } from './pdf-worker';

/**
 * The worker's file: beside the bundle when built (build.mjs writes dist/pdf-worker.js),
 * else the TypeScript source through a loader of its own (tsx, ts-jest).
 */
function workerFile(): string {
  const built = path.join(__dirname, 'pdf-worker.js');
  if (existsSync(built)) return built;
  return path.join(__dirname, 'pdf-worker-dev.cjs');
}

export interface PdfPool {
  /** Renders in a worker; resolves once the first bytes are ready (errors before then reject). */
  render(statement: Statement, signal?: AbortSignal): Promise<Readable>;
  /** The same for a year-end tax document. */
  renderTax(document: TaxDocument, signal?: AbortSignal): Promise<Readable>;
  close(): Promise<void>;
}

export function createPdfPool(threads = Math.max(1, Math.min(2, availableParallelism() - 1))): PdfPool {
  const pool = new Piscina<PdfTask, number>({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: threads,
    // A thread is kept a minute after its last statement, then its memory is given back.
    idleTimeout: 60_000,
    // Statements wait their turn beyond this; more than that many waiting is refused.
    maxQueue: threads * 8,
  });
  const run = (task: Omit<PdfTask, 'port'>, signal?: AbortSignal) => {
    const { port1, port2 } = new MessageChannel();
    const out = new Readable({ read() {} });
    let started = false;
    return new Promise<Readable>((resolve, reject) => {
      port1.on('message', (chunk: Uint8Array | null) => {
        if (!started) {
          started = true;
          resolve(out);
        }
        if (chunk === null) {
          // The task's result and the port's messages travel apart: the port closes on its own end mark.
          port1.close();
          out.push(null);
        } else out.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      });
      pool.run({ ...task, port: port2 }, { transferList: [port2], signal }).then(
        () => undefined,
        (err: unknown) => {
          port1.close();
          if (started) out.destroy(err instanceof Error ? err : new Error(String(err)));
          else reject(err);
        },
      );
    });
  };
  return {
    render: async (statement, signal) => run({ statement: await encodeStatement(statement) }, signal),
    renderTax: async (document, signal) => run({ tax: JSON.stringify(document) }, signal),
    close: () => pool.destroy(),
  };
}
