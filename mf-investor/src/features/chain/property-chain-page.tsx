// /dashboard/investments/:propertyId/chain: a property's public record on the chain: its unit
// token, the token's transfers (mints, moves after trades, burns; newest first) and the roots
// anchored for its distributions, each with the transaction that anchored it.
import { Alert, Box, Link, Paper, Typography } from 'shared-ui/mui';
import { Table, TableBody, TableCell, TableHead, TableRow } from 'shared-ui/mui-data';
import { Link as RouterLink, useParams } from 'shared-ui/router';
import { formatDate, formatNumber } from 'shared-ui';
import { EmptyState, ErrorState, LoadingState, PageHeader } from 'shared-ui/components';
import { apiQuery, queryKeys, useApiQuery } from 'shared-api/query';
import { getPropertyChain } from 'shared-api/chain';
import { paths, type ChainAnchorRecord, type ChainTransfer } from 'shared-api/contract';

const ZERO = /^0x0{40}$/;

export const CHAIN_PAGE_MESSAGES = {
  off: 'The platform runs without its chain: there is no record to show.',
  noToken: 'This property has no unit token on the chain yet.',
  noTransfers: 'No transfers yet.',
  noAnchors: 'No roots anchored yet: they are anchored after each distribution is paid.',
} as const;

const short = (h: string) => (h.length > 14 ? `${h.slice(0, 8)}…${h.slice(-6)}` : h);

function HexText({ value }: { value: string }) {
  return (
    <Box component="code" title={value} aria-label={value} sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
      {short(value)}
    </Box>
  );
}

function what(t: ChainTransfer): string {
  if (ZERO.test(t.from)) return 'Issued';
  if (ZERO.test(t.to)) return 'Redeemed';
  return 'Moved';
}

function Transfers({ rows }: { rows: ChainTransfer[] }) {
  if (rows.length === 0) return <Typography variant="body2">{CHAIN_PAGE_MESSAGES.noTransfers}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Transfers">
        <TableHead>
          <TableRow>
            <TableCell>Block</TableCell>
            <TableCell>What</TableCell>
            <TableCell>From</TableCell>
            <TableCell>To</TableCell>
            <TableCell align="right">Units</TableCell>
            <TableCell>Transaction</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((t) => (
            <TableRow key={`${t.txHash}:${t.from}:${t.to}`}>
              <TableCell>{formatNumber(t.blockNumber)}</TableCell>
              <TableCell>{what(t)}</TableCell>
              <TableCell>{ZERO.test(t.from) ? '—' : <HexText value={t.from} />}</TableCell>
              <TableCell>{ZERO.test(t.to) ? '—' : <HexText value={t.to} />}</TableCell>
              <TableCell align="right">{formatNumber(t.units)}</TableCell>
              <TableCell>
                <HexText value={t.txHash} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Anchors({ rows }: { rows: ChainAnchorRecord[] }) {
  if (rows.length === 0) return <Typography variant="body2">{CHAIN_PAGE_MESSAGES.noAnchors}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Anchored roots">
        <TableHead>
          <TableRow>
            <TableCell>Anchored</TableCell>
            <TableCell>Root of</TableCell>
            <TableCell align="right">Lines</TableCell>
            <TableCell>Root</TableCell>
            <TableCell>Transaction</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((a) => (
            <TableRow key={`${a.kind}:${a.ref}`}>
              <TableCell>{formatDate(a.anchoredAt)}</TableCell>
              <TableCell>
                {a.kind === 'holdings' ? `Holders of record on ${formatDate(a.ref)}` : `Payments of distribution ${a.ref.slice(0, 8)}`}
              </TableCell>
              <TableCell align="right">{formatNumber(a.leafCount)}</TableCell>
              <TableCell>
                <HexText value={a.root} />
              </TableCell>
              <TableCell>{a.txHash ? <HexText value={a.txHash} /> : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function PropertyChainPage() {
  const { propertyId = '' } = useParams();
  const q = useApiQuery(apiQuery(queryKeys.propertyChain(propertyId), () => getPropertyChain(propertyId)));
  const d = q.data;
  return (
    <Box>
      <PageHeader
        title={d ? `On chain: ${d.propertyName}` : 'On chain'}
        subtitle="The property's unit token and the roots anchored for its distributions. The ledger is the record; the chain repeats it."
      />
      <Box sx={{ mb: 2 }}>
        <Link component={RouterLink} to={paths.investments}>
          Back to investments
        </Link>
      </Box>
      {q.error && !d ? (
        <ErrorState message={q.error} onRetry={q.reload} retrying={q.loading} />
      ) : !d ? (
        <LoadingState variant="skeleton" rows={6} label="Loading the chain record..." />
      ) : !d.enabled ? (
        <EmptyState title="No chain" description={CHAIN_PAGE_MESSAGES.off} />
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }}>
          {!d.reachable && (
            <Alert severity="warning">The chain did not answer{d.error ? `: ${d.error}` : ''}. Transfers cannot be listed now.</Alert>
          )}
          <Paper component="section" variant="outlined" aria-label="Contracts" sx={{ p: 2, display: 'grid', gap: 0.5 }}>
            <Typography variant="body2">
              Unit token: {d.tokenAddress ? <Box component="code">{d.tokenAddress}</Box> : CHAIN_PAGE_MESSAGES.noToken}
            </Typography>
            {d.anchorAddress && (
              <Typography variant="body2">
                Anchor contract: <Box component="code">{d.anchorAddress}</Box>
              </Typography>
            )}
            {d.chainId !== null && <Typography variant="body2">Chain id: {d.chainId}</Typography>}
          </Paper>
          <Box component="section" aria-labelledby="chain-transfers">
            <Typography id="chain-transfers" component="h2" variant="h6" sx={{ mb: 1 }}>
              Transfers
            </Typography>
            {d.reachable && <Transfers rows={d.transfers} />}
          </Box>
          <Box component="section" aria-labelledby="chain-anchors">
            <Typography id="chain-anchors" component="h2" variant="h6" sx={{ mb: 1 }}>
              Anchored roots
            </Typography>
            <Anchors rows={d.anchors} />
          </Box>
        </Box>
      )}
    </Box>
  );
}

export default PropertyChainPage;
