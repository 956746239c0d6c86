// Work a request starts and does not wait for (background exports): tracked, so a closing
// server finishes it before its database goes, and a test can wait until nothing runs.
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  /** Starts `task` on a later turn; its failure goes to `onError`, never to the caller. */
  run(task: () => Promise<unknown>, onError: (err: unknown) => void): void {
    const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .then(
        () => undefined,
        (err: unknown) => onError(err),
      )
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  /** Resolves once no task runs (including tasks started meanwhile). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
