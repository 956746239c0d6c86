// Group commit (migration 0110 for the order book, the rule place_orders for buying).
// Orders for one property that arrive while that property's previous batch is in the database
// wait, and go together in the next batch: one statement, one transaction, one hand-over of
// the property row lock for all of them. An order that arrives when nothing is in flight for
// its property goes at once, alone, so an idle property adds no delay. Each caller gets its
// own result: its order, its replay, or its refusal (raised as the database's error would have
// been, so the caller's error handling is unchanged). Several API instances each batch their
// own orders; their batches serialize on the property row lock as single orders did.

/** One order's result: placed ({ order, trades }), a replay, or a refusal. */
export type BatchResult = Record<string, unknown> & {
  error?: { code: string; message: string; constraint?: string | null };
};

/** Runs one batch for one property; resolves to one result per order, in order. */
export type RunBatch<O> = (propertyId: string, orders: O[]) => Promise<BatchResult[]>;

/** A refused order, shaped as the database's error (SQLSTATE code, message, constraint). */
export class BatchOrderError extends Error {
  readonly code: string;
  readonly constraint?: string;
  constructor(e: { code: string; message: string; constraint?: string | null }) {
    super(e.message);
    this.name = 'BatchOrderError';
    this.code = e.code;
    if (e.constraint) this.constraint = e.constraint;
  }
}

// The batch each result came from (one object per batch), for what its callers read after it.
const batches = new WeakMap<object, object>();

/** The batch a placed order's result came from: the same object for every order of one batch. */
export const batchOf = (result: object): object | undefined => batches.get(result);

interface Waiting<O> {
  order: O;
  resolve: (r: BatchResult) => void;
  reject: (err: unknown) => void;
}

/**
 * At most this many orders per batch: each runs in a subtransaction, and PostgreSQL keeps 64
 * subtransaction ids per backend in shared memory; past that, every other session's snapshot
 * must look them up on disk ("suboverflowed").
 */
export const MAX_BATCH = 50;

export interface BatcherStats {
  batches: number;
  orders: number;
  largest: number;
}

/**
 * Batches in flight per property: one. A second one would only wait on the property row lock
 * while the first commits, and it splits what queues into smaller batches; with one, the
 * orders that arrive meanwhile all go in the next batch, one transaction for more of them
 * (docs/performance.md, "Group commit for buying; one batch in flight"; `bench:market
 * --depth` tries more).
 */
export const BATCHES_IN_FLIGHT = 1;

interface Book<O> {
  queue: Waiting<O>[];
  inFlight: number;
}

/** Batches of orders of shape O, one queue per property. */
export class Batcher<O> {
  private readonly books = new Map<string, Book<O>>();
  readonly stats: BatcherStats = { batches: 0, orders: 0, largest: 0 };

  constructor(
    private readonly run: RunBatch<O>,
    private readonly max = MAX_BATCH,
    private readonly depth = BATCHES_IN_FLIGHT,
  ) {}

  /** Queues one order; resolves to its result, rejects with its refusal (a BatchOrderError) or the batch's error. */
  place(propertyId: string, order: O): Promise<BatchResult> {
    return new Promise((resolve, reject) => {
      let book = this.books.get(propertyId);
      if (!book) {
        book = { queue: [], inFlight: 0 };
        this.books.set(propertyId, book);
      }
      book.queue.push({ order, resolve, reject });
      this.next(propertyId, book);
    });
  }

  /** Sends what is queued as one batch when fewer than `depth` are in flight for this property. */
  private next(propertyId: string, book: Book<O>): void {
    if (book.inFlight >= this.depth) return;
    if (book.queue.length === 0) {
      if (book.inFlight === 0) this.books.delete(propertyId);
      return;
    }
    const batch = book.queue.splice(0, this.max);
    book.inFlight++;
    this.stats.batches++;
    this.stats.orders += batch.length;
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    void this.send(propertyId, batch).finally(() => {
      book.inFlight--;
      this.next(propertyId, book);
    });
  }

  private async send(propertyId: string, batch: Waiting<O>[]): Promise<void> {
    try {
      const results = await this.run(
        propertyId,
        batch.map((w) => w.order),
      );
      if (results.length !== batch.length)
        throw new Error(`A batch statement answered ${results.length} results for ${batch.length} orders`);
      const sent = {};
      batch.forEach((w, i) => {
        const r = results[i];
        if (r.error) w.reject(new BatchOrderError(r.error));
        else {
          batches.set(r, sent);
          w.resolve(r);
        }
      });
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
}
