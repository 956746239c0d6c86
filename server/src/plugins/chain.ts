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
    if (config.mirrorEveryMs > 0)
      runPeriodically(app, {
        firstMs: Math.min(2_000, config.mirrorEveryMs),
        everyMs: config.mirrorEveryMs,
        run: async () => {
          const r = await runtime.runOnce();
          if (r && r.writes > 0) app.log.info(r, 'chain mirrored');
        },
        // One line, not viem's whole report: a node that is down says so every run.
        onError: (err) => app.log.warn({ reason: String(err).split('\n')[0] }, 'chain mirror failed; it runs again shortly'),
      });
    // After the job's last run: stopping anvil writes its state file.
    app.addHook('onClose', async () => {
      await runtime.idle();
      await node?.stop();
    });
  },
  { name: 'chain', dependencies: ['db'] },
);
