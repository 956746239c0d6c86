// GET /v1/admin/integrity: the money invariants and, apart from them, the chain's differences
// from the holdings. A node that is down or slow is reported, not waited for past a few seconds.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { IntegrityReport } from 'shared-api/contract';
import { Type, type Static } from 'typebox';
import { assertSame, Id, Nullable, errors, type Same } from '../../lib/schema';
import { invariantViolations } from '../ledger';
import type { ChainRuntime } from './mirror';

const IntegrityReportSchema = Type.Object({
  money: Type.Array(Type.Object({ invariant: Type.String(), detail: Type.String() })),
  chain: Nullable(
    Type.Object({
      rpcUrl: Type.String(),
      reachable: Type.Boolean(),
      error: Nullable(Type.String()),
      differences: Type.Array(
        Type.Object({
          propertyId: Id,
          userId: Nullable(Id),
          address: Nullable(Type.String()),
          ledgerUnits: Type.Integer(),
          chainUnits: Type.Integer(),
          detail: Type.String(),
        }),
      ),
    }),
  ),
});
assertSame<Same<Static<typeof IntegrityReportSchema>, IntegrityReport>>();

const CHAIN_READ_TIMEOUT_MS = 8_000;

async function chainCheck(chain: ChainRuntime): Promise<NonNullable<IntegrityReport['chain']>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHAIN_READ_TIMEOUT_MS / 1000} s`)), CHAIN_READ_TIMEOUT_MS);
  });
  try {
    const differences = await Promise.race([chain.differences(), timeout]);
    return { rpcUrl: chain.rpcUrl, reachable: true, error: null, differences };
  } catch (err) {
    // The first line only: viem's report repeats the request.
    return {
      rpcUrl: chain.rpcUrl,
      reachable: false,
      error: String(err instanceof Error ? err.message : err).split('\n')[0],
      differences: [],
    };
  } finally {
    clearTimeout(timer);
  }
}

export const chainRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/integrity',
    {
      onRequest: [app.authenticate, app.requireAdmin('transactions.read')],
      schema: {
        tags: ['admin'],
        summary: 'Integrity check: money invariants and chain differences',
        security: [{ bearerAuth: [] }],
        response: { 200: IntegrityReportSchema, ...errors(401, 403) },
      },
    },
    async () => ({
      money: await invariantViolations(app.db),
      chain: app.chain ? await chainCheck(app.chain) : null,
    }),
  );
};
