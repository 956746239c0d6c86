// The integrity check under the day's reconciliation: the ledger's money invariants, and,
// as a list of its own, where the chain's unit balances differ from the holdings.
import { Box, Typography } from 'shared-ui/mui';
import { DataTable, useAsync } from 'shared-ui';
import { getIntegrity } from 'shared-api/admin';
import type { ChainDifference, MoneyInvariantViolation } from 'shared-api/contract';
import { INTEGRITY_MESSAGES } from 'shared-api/contract/admin';
import { shortId } from '../../components/links';

export function IntegritySection() {
  const { data, error, loading, reload } = useAsync(() => getIntegrity(), []);
  const chain = data?.chain;
  return (
    <Box component="section" aria-label="Integrity" sx={{ mt: 4 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Integrity
      </Typography>
      {data && data.money.length === 0 && <Typography role="status">{INTEGRITY_MESSAGES.moneyHolds}</Typography>}
      {(loading || error || (data && data.money.length > 0)) && (
        <DataTable<MoneyInvariantViolation>
          label="Money invariant violations"
          rows={data?.money ?? []}
          getRowId={(v) => `${v.invariant}:${v.detail}`}
          loading={loading}
          error={error}
          onRetry={reload}
          emptyMessage={INTEGRITY_MESSAGES.moneyHolds}
          columns={[
            { key: 'invariant', header: 'Invariant', render: (v) => v.invariant },
            { key: 'detail', header: 'Detail', render: (v) => v.detail },
          ]}
        />
      )}
      {data && chain === null && <Typography sx={{ mt: 2 }}>{INTEGRITY_MESSAGES.chainOff}</Typography>}
      {chain && !chain.reachable && (
        <Typography role="alert" sx={{ mt: 2 }}>
          {INTEGRITY_MESSAGES.chainUnreachable(chain.rpcUrl, chain.error)}
        </Typography>
      )}
      {chain && chain.reachable && chain.differences.length === 0 && (
        <Typography sx={{ mt: 2 }}>{INTEGRITY_MESSAGES.chainAgrees}</Typography>
      )}
      {chain && chain.differences.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <DataTable<ChainDifference>
            label="Chain differences"
            rows={chain.differences}
            getRowId={(d) => `${d.propertyId}:${d.userId ?? 'supply'}`}
            emptyMessage={INTEGRITY_MESSAGES.chainAgrees}
            columns={[
              { key: 'property', header: 'Property', render: (d) => <span title={d.propertyId}>{shortId(d.propertyId)}</span> },
              {
                key: 'holder',
                header: 'Holder',
                render: (d) => (d.userId ? <span title={d.address ?? undefined}>{shortId(d.userId)}</span> : 'Total supply'),
              },
              { key: 'ledger', header: 'Ledger units', align: 'right', render: (d) => String(d.ledgerUnits) },
              { key: 'chain', header: 'Chain units', align: 'right', render: (d) => String(d.chainUnits) },
              { key: 'detail', header: 'Detail', render: (d) => d.detail },
            ]}
          />
        </Box>
      )}
    </Box>
  );
}
