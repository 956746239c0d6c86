// The embedded chain (docs/chain.md), when the configuration turns it on: an anvil on
// loopback when no CHAIN_RPC_URL is given (its state under DATA_DIR/chain), and the mirror
// job. Nothing here holds up a request: if the node cannot be reached the platform runs on
// and the job retries; app.chain is null when the chain is off or its node would not start.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChainConfig } from '../config';
import { runPeriodically } from '../lib/periodic';
import { createChainRuntime, operatorAccount, startAnvil, type AnvilNode, type ChainRuntime } from '../modules/chain';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chain mirror, or null when the chain is off. */
    chain: ChainRuntime | null;
  }
}

export default fp(
  async (app: FastifyInstance, opts: { config: ChainConfig | null | undefined }) => {
    const config = opts.config;
    if (!config) {
      app.decorate('chain', null);
      return;
    }
    let node: AnvilNode | null = null;
    let rpcUrl = config.rpcUrl;
    if (rpcUrl === null) {
      try {
        node = await startAnvil({ stateDir: config.stateDir });
        rpcUrl = node.rpcUrl;
      } catch (err) {
        app.log.error({ err }, 'the embedded chain (anvil) did not start; running without the chain');
        app.decorate('chain', null);
        return;
      }
    }
    const runtime = createChainRuntime({
      db: app.db,
      rpcUrl,
      operator: operatorAccount(config.operatorKey),
      custodyMnemonic: config.custodyMnemonic,
      artifactsDir: config.artifactsDir,
      log: app.log,
    });
    app.decorate('chain', runtime);
    app.log.info({ rpcUrl, embedded: node !== null, operator: runtime.operator }, 'chain: mirroring the ledger onto this node');
    let warnedAt = 0;
    const mirror = async () => {
      try {
        const r = await runtime.runOnce();
        if (r && r.writes > 0) app.log.info(r, 'chain mirrored');
      } catch (err) {
        // One line, not viem's whole report, and at most one every 10 s: with the node down,
        // every trade's wake-up fails too.
        if (Date.now() - warnedAt < 10_000) return;
        warnedAt = Date.now();
        app.log.warn({ reason: String(err).split('\n')[0] }, 'chain mirror failed; it runs again shortly');
      }
    };
    if (config.mirrorEveryMs > 0)
      runPeriodically(app, {
        firstMs: Math.min(2_000, config.mirrorEveryMs),
        everyMs: config.mirrorEveryMs,
        run: mirror,
        onError: () => undefined,
      });
    const waker = (config.wakeOnChange ?? config.mirrorEveryMs > 0) ? await listenForChanges(app, mirror) : null;
    // After the job's last run: stopping anvil writes its state file.
    app.addHook('onClose', async () => {
      await waker?.stop();
      await runtime.idle();
      await node?.stop();
    });
  },
  { name: 'chain', dependencies: ['db'] },
);

/** How long after a change the mirror runs: the rest of a burst of settlements rides along. */
export const CHAIN_WAKE_DELAY_MS = 300;
export const CHAIN_WAKE_CHANNEL = 'chain_mirror';

/**
 * LISTENs on the channel the database rule chain_mirror_wake notifies when holdings or a
 * distribution change (only once they commit) and runs the mirror CHAIN_WAKE_DELAY_MS later.
 * Wake-ups during a run make one more run after it, never a second at the same time; several
 * instances all wake, and the lease lets one of them write. If the LISTEN cannot start, or its
 * connection drops, the periodic run still catches up; after a reconnect it runs once, since
 * notifications sent meanwhile were lost.
 */
async function listenForChanges(app: FastifyInstance, mirror: () => Promise<void>): Promise<{ stop(): Promise<void> } | null> {
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  const loop = async () => {
    do {
      again = false;
      await mirror();
    } while (again && !closed);
  };
  const fire = () => {
    timer = null;
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = loop().finally(() => {
      running = null;
    });
  };
  const wake = () => {
    if (closed || timer) return;
    timer = setTimeout(fire, CHAIN_WAKE_DELAY_MS);
    timer.unref();
  };
  let connectedBefore = false;
  let unlisten: () => Promise<void>;
  try {
    unlisten = await app.database.listen(CHAIN_WAKE_CHANNEL, wake, (up, err) => {
      if (!up) app.log.warn({ err }, 'chain: the LISTEN connection dropped; the periodic run covers until it is back');
      else if (connectedBefore) wake();
      connectedBefore = true;
    });
  } catch (err) {
    app.log.warn({ err }, 'chain: cannot LISTEN for ledger changes; mirroring on the timer only');
    return null;
  }
  return {
    async stop() {
      closed = true;
      if (timer) clearTimeout(timer);
      await unlisten();
      await running;
    },
  };
}
