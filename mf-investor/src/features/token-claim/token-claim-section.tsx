// The early-access subscription claimed as platform tokens (docs/chain.md): the claim, after a
// confirmation stating the terms, its status (recording, or recorded with the transaction), and
// the investor's own wallet, linked by signing a Sign-In with Ethereum message in a browser
// wallet (EIP-1193: eth_requestAccounts, personal_sign). The server writes the message, so no
// Ethereum library loads in the browser. Loaded lazily by the dashboard, below its figures.
import { useId, useState } from 'react';
import { Alert, Box, Paper, Typography } from 'shared-ui/mui';
import { ConfirmDialog } from 'shared-ui/display';
import { Button, formatNumber, toast } from 'shared-ui/core';
import { ErrorState, LoadingState, useAsync } from 'shared-ui/components';
import { readError, readErrorMessages, useAuthUser } from 'shared-api';
import type { TokenClaimState } from 'shared-api/contract';
import { TOKEN_CLAIM_MESSAGES, TOKEN_CLAIM_TERMS } from 'shared-api/contract/token-claims';
import { claimPlatformTokens, getMyTokenClaim, linkWallet, unlinkWallet, walletLinkNonce } from 'shared-api/token-claims';

/** A browser wallet (EIP-1193), as much of it as the link needs. */
interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

function browserWallet(): Eip1193Provider | null {
  const w = (globalThis as { ethereum?: Eip1193Provider }).ethereum;
  return w && typeof w.request === 'function' ? w : null;
}

/** personal_sign takes the message as hex-encoded UTF-8. */
function utf8Hex(text: string): string {
  return '0x' + Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A refusal in words; the chain being off answers 503 with words meant for the person, kept. */
async function messageOf(err: unknown): Promise<string> {
  const { status, messages } = await readErrorMessages(err);
  if (status === 503 && messages[0]) return messages[0];
  return readError(err);
}

/** A wallet's refusal in words (EIP-1193 code 4001: the person said no). */
async function walletError(err: unknown): Promise<string> {
  const e = err as { code?: unknown; message?: unknown };
  if (e && e.code === 4001) return 'You cancelled the request in your wallet.';
  if (e && typeof e.code === 'number' && typeof e.message === 'string') return `Your wallet refused: ${e.message}`;
  return messageOf(err);
}

const Mono = ({ children }: { children: string }) => (
  <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
    {children}
  </Box>
);

function ClaimStatus({ s }: { s: TokenClaimState }) {
  const c = s.claim;
  if (!c) return null;
  const amount = `${formatNumber(c.amount)} platform tokens`;
  if (c.status === 'SENT')
    return (
      <Alert severity="success" role="status">
        Your {amount} are recorded{c.destination ? ' at ' : ''}
        {c.destination ? <Mono>{c.destination}</Mono> : null}. Transaction: <Mono>{c.txHash ?? ''}</Mono>
      </Alert>
    );
  if (c.status === 'FAILED')
    return (
      <Alert severity="error" role="status">
        Your claim of {amount} could not be recorded on the chain. It is kept, and our team will look into it.
      </Alert>
    );
  return (
    <Alert severity="info" role="status">
      Your claim of {amount} is pending: it is being recorded on the chain
      {c.destination ? (
        <>
          {' '}
          at <Mono>{c.destination}</Mono>
        </>
      ) : null}
      . This usually takes less than a minute.
    </Alert>
  );
}

export function TokenClaimSection() {
  const headingId = useId();
  const user = useAuthUser();
  // async: a call that throws at once (no fetch) becomes an error state, not a crash.
  const loaded = useAsync(async () => getMyTokenClaim(), []);
  const [fresh, setFresh] = useState<TokenClaimState | null>(null);
  const [asking, setAsking] = useState<'claim' | 'unlink' | null>(null);
  const [busy, setBusy] = useState(false);
  const [linking, setLinking] = useState(false);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const s = fresh ?? loaded.data;
  const verified = user?.status === 'VERIFIED';
  const wallet = browserWallet();

  if (loaded.error && !s) return <ErrorState message={loaded.error} onRetry={loaded.reload} retrying={loaded.loading} />;
  if (!s) return <LoadingState label="Loading your platform tokens..." />;
  // Nothing claimed and nothing to claim: the subscription card says how to get them.
  if (!s.claim && s.claimableTokens <= 0) return null;

  const destination = s.linkedWallet ?? s.custodialAddress;
  const claim = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const next = await claimPlatformTokens();
      setFresh(next);
      toast.success(`Your claim of ${formatNumber(next.claim?.amount ?? s.claimableTokens)} platform tokens is recorded`);
    } catch (err) {
      setProblem(await messageOf(err));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  const link = async () => {
    if (!wallet) return;
    setLinking(true);
    setProblem(null);
    try {
      const accounts = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
      const address = accounts?.[0];
      if (!address) throw new Error('Your wallet shared no account.');
      const challenge = await walletLinkNonce({ address });
      if (!challenge.message) throw new Error('No message to sign came back.');
      const signature = (await wallet.request({ method: 'personal_sign', params: [utf8Hex(challenge.message), address] })) as string;
      setFresh(await linkWallet({ message: challenge.message, signature }));
      toast.success('Your wallet is linked');
    } catch (err) {
      setProblem(await walletError(err));
    } finally {
      setLinking(false);
    }
  };
  const unlink = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setFresh(await unlinkWallet());
      toast.success('Your wallet is unlinked');
    } catch (err) {
      setProblem(await messageOf(err));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  const checkAgain = async () => {
    setChecking(true);
    try {
      setFresh(await getMyTokenClaim());
    } catch (err) {
      setProblem(await messageOf(err));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, mt: 4, display: 'grid', gap: 1.5 }}>
      <Typography id={headingId} component="h2" variant="h5" sx={{ fontWeight: 700 }}>
        Platform tokens
      </Typography>
      <ClaimStatus s={s} />
      {!s.claim && (
        <>
          <Typography variant="body2">
            Your early-access subscription can be claimed as {formatNumber(s.claimableTokens)} platform tokens, one per dollar of the fee.
          </Typography>
          {!verified ? (
            <Alert severity="info">{TOKEN_CLAIM_MESSAGES.notVerified}</Alert>
          ) : !s.claimsOpen ? (
            <Alert severity="info">{TOKEN_CLAIM_MESSAGES.chainOff}</Alert>
          ) : null}
          <Box>
            <Button variant="filled-blue" disabled={!verified || !s.claimsOpen} onClick={() => setAsking('claim')}>
              {`Claim ${formatNumber(s.claimableTokens)} platform tokens`}
            </Button>
          </Box>
        </>
      )}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}

      {s.claim?.status === 'PENDING' && (
        <Box>
          <Button variant="outline-blue" size="SM" loading={checking} onClick={() => void checkAgain()}>
            Check again
          </Button>
        </Box>
      )}
      {verified && s.claim?.status !== 'SENT' && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Where your tokens go
          </Typography>
          {s.linkedWallet ? (
            <>
              <Typography variant="body2">
                Your own wallet: <Mono>{s.linkedWallet}</Mono>
              </Typography>
              <Box>
                <Button variant="outline-blue" size="SM" onClick={() => setAsking('unlink')}>
                  Unlink your wallet
                </Button>
              </Box>
            </>
          ) : wallet ? (
            <>
              <Typography variant="body2">
                {s.custodialAddress ? (
                  <>
                    The address Tessera keeps for you: <Mono>{s.custodialAddress}</Mono>.{' '}
                  </>
                ) : (
                  'An address Tessera keeps for you. '
                )}
                You can link your own wallet instead: your wallet asks you to sign a message; nothing is paid.
              </Typography>
              <Box>
                <Button variant="outline-blue" size="SM" loading={linking} onClick={() => void link()}>
                  Link your own wallet
                </Button>
              </Box>
            </>
          ) : (
            <Typography variant="body2">
              No browser wallet was found, so your tokens go to the address Tessera keeps for you
              {s.custodialAddress ? (
                <>
                  : <Mono>{s.custodialAddress}</Mono>
                </>
              ) : null}
              . To use your own wallet, open this page in a browser with a wallet extension.
            </Typography>
          )}
        </Box>
      )}
      {verified && s.claim?.status === 'SENT' && s.linkedWallet && (
        <Typography variant="body2">
          Your linked wallet: <Mono>{s.linkedWallet}</Mono>
        </Typography>
      )}

      <ConfirmDialog
        open={asking === 'claim'}
        title={`Claim ${formatNumber(s.claimableTokens)} platform tokens?`}
        message={
          <>
            <Box component="ul" sx={{ pl: 2.5, my: 0 }}>
              {TOKEN_CLAIM_TERMS.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </Box>
            <Box component="span" sx={{ display: 'block', mt: 1 }}>
              {s.linkedWallet
                ? `They will be recorded at your wallet ${s.linkedWallet}.`
                : destination
                  ? `They will be recorded at the address Tessera keeps for you, ${destination}.`
                  : 'They will be recorded at an address Tessera keeps for you.'}
            </Box>
          </>
        }
        confirmLabel="Claim tokens"
        cancelLabel="Go back"
        destructive={false}
        loading={busy}
        onConfirm={() => void claim()}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'unlink'}
        title="Unlink your wallet?"
        message={
          s.claim?.status === 'SENT'
            ? 'Tokens already recorded stay at that wallet.'
            : 'A claim not recorded yet then goes to the address Tessera keeps for you.'
        }
        confirmLabel="Unlink"
        cancelLabel="Go back"
        loading={busy}
        onConfirm={() => void unlink()}
        onCancel={() => setAsking(null)}
      />
    </Paper>
  );
}

export default TokenClaimSection;
