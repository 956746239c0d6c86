// Preloaded into the API process by the soak (node --expose-gc -r memory-probe.cjs):
// every few seconds, after a full GC, it sends its memory figures to the parent over IPC.
// Nothing is loaded into a normal server.
const EVERY_MS = Number(process.env.MEMORY_PROBE_MS || 5000);
if (typeof process.send === 'function') {
  const timer = setInterval(() => {
    if (typeof global.gc === 'function') global.gc();
    const m = process.memoryUsage();
    try {
      // Checked above; TypeScript forgets it inside the callback.
      /** @type {NonNullable<typeof process.send>} */ (process.send)({
        probe: 'memory',
        at: Date.now(),
        rss: m.rss,
        heapUsed: m.heapUsed,
        heapTotal: m.heapTotal,
        external: m.external,
        arrayBuffers: m.arrayBuffers,
      });
    } catch {
      /* parent gone */
    }
  }, EVERY_MS);
  timer.unref();
}
