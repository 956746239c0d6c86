// "Verify my holding": what the chain says of one of my properties, next to the ledger, and my
// line in the latest anchored distribution checked here, in the browser, against the anchored
// root (shared-api/contract/merkle: the same check as the anchor contract's). Loaded only when
// opened, so the investments page does not carry the hashing code.
import { useMemo } from 'react';
import { Alert, Box, Link, Typography } from 'shared-ui/mui';
import { Link as RouterLink } from 'shared-ui/router';
import { Modal, formatDate, formatNumber } from 'shared-ui';
import { ErrorState, LoadingState } from 'shared-ui/components';
import { apiQuery, queryKeys, useApiQuery } from 'shared-api/query';
import { getMyChain } from 'shared-api/chain';
import { verifyLine } from 'shared-api/contract/merkle';
import { formatCents } from 'shared-api/contract/dashboard';
import type { ChainProof, MyChainProperty } from 'shared-api/contract';
import { chainPath } from './chain-path';

export const VERIFY_MESSAGES = {
  verified: 'Verified: your line is in the anchored root',
  failed: 'Not verified: your line does not lead to the anchored root. Contact support.',
  off: 'The platform runs without its chain: there is nothing to verify.',
  nothing: 'Nothing of yours in this property is on the chain yet. The record follows the ledger within a few minutes.',
  noAnchor: 'No distribution of this property that paid you has been anchored yet.',
} as const;

const KIND_LABELS: Record<ChainProof['kind'], string> = {
  holdings: 'Holders of record',
  payments: 'Distribution payments',
};

/** A long hex value, readable and whole for screen readers and copying. */
function Hex({ value }: { value: string }) {
  return (
    <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.8rem', wordBreak: 'break-all' }}>
      {value}
    </Box>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

function ProofResult({ proof }: { proof: ChainProof }) {
  const ok = useMemo(() => verifyLine({ ...proof.leaf, proof: proof.proof, root: proof.root }), [proof]);
  const what =
    proof.kind === 'holdings'
      ? `${formatNumber(proof.leaf.units)} units on the record date ${formatDate(proof.ref)}`
      : `${formatNumber(proof.leaf.units)} units paid ${formatCents(proof.leaf.amountCents ?? 0)}`;
  return (
    <Box component="section" aria-label={KIND_LABELS[proof.kind]} sx={{ display: 'grid', gap: 1 }}>
      <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
        {KIND_LABELS[proof.kind]}: {what}
      </Typography>
      <Alert severity={ok ? 'success' : 'error'} role={ok ? 'status' : 'alert'}>
        {ok ? VERIFY_MESSAGES.verified : VERIFY_MESSAGES.failed}
      </Alert>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5, gridTemplateColumns: 'max-content 1fr', columnGap: 2 }}>
        <Row label="Root">
          <Hex value={proof.root} />
        </Row>
        <Row label="Anchor contract">
          <Hex value={proof.anchorAddress} />
        </Row>
        <Row label="Proof">{`${proof.proof.length} sibling${proof.proof.length === 1 ? '' : 's'} of ${proof.leafCount} lines`}</Row>
        {proof.txHash && (
          <Row label="Anchored in">
            <Hex value={proof.txHash} />
          </Row>
        )}
      </Box>
    </Box>
  );
}

function Balance({ p }: { p: MyChainProperty }) {
  if (p.chainUnits === null)
    return (
      <Alert severity="warning">
        Your balance on chain could not be read{p.chainError ? `: ${p.chainError}` : ''}. Your ledger units: {formatNumber(p.ledgerUnits)}.
      </Alert>
    );
  const same = p.chainUnits === p.ledgerUnits;
  return (
    <Alert severity={same ? 'success' : 'warning'}>
      {same
        ? `On chain: ${formatNumber(p.chainUnits)} units, the same as the ledger.`
        : `On chain: ${formatNumber(p.chainUnits)} units; the ledger: ${formatNumber(p.ledgerUnits)}. The chain follows the ledger within a few minutes; the ledger is right.`}
    </Alert>
  );
}

export interface VerifyHoldingDialogProps {
  open: boolean;
  propertyId: string;
  propertyName: string;
  onClose: () => void;
}

export function VerifyHoldingDialog({ open, propertyId, propertyName, onClose }: VerifyHoldingDialogProps) {
  const chain = useApiQuery(
    apiQuery(queryKeys.me.chain(), () => getMyChain()),
    { enabled: open },
  );
  const data = chain.data;
  const p = data?.properties.find((x) => x.propertyId === propertyId);

  return (
    <Modal open={open} onClose={onClose} title={`Verify my holding: ${propertyName}`} maxWidth="sm">
      {chain.error && !data ? (
        <ErrorState message={chain.error} onRetry={chain.reload} retrying={chain.loading} />
      ) : !data ? (
        <LoadingState label="Reading the chain..." />
      ) : !data.enabled ? (
        <Alert severity="info">{VERIFY_MESSAGES.off}</Alert>
      ) : !p ? (
        <Alert severity="info">{VERIFY_MESSAGES.nothing}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5, gridTemplateColumns: 'max-content 1fr', columnGap: 2 }}>
            <Row label="Your address">{data.address ? <Hex value={data.address} /> : 'Not given yet'}</Row>
            <Row label="Token contract">{p.tokenAddress ? <Hex value={p.tokenAddress} /> : 'Not deployed yet'}</Row>
            {data.chainId !== null && <Row label="Chain id">{String(data.chainId)}</Row>}
          </Box>
          <Balance p={p} />
          {p.proofs.length === 0 ? (
            <Alert severity="info">{VERIFY_MESSAGES.noAnchor}</Alert>
          ) : (
            p.proofs.map((proof) => <ProofResult key={`${proof.kind}:${proof.ref}`} proof={proof} />)
          )}
          <Link component={RouterLink} to={chainPath(propertyId)}>
            See the property&apos;s chain record
          </Link>
        </Box>
      )}
    </Modal>
  );
}

export default VerifyHoldingDialog;
