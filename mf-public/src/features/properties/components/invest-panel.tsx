import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'shared-ui/router';
import { Alert, Box, IconButton, Paper, Typography } from 'shared-ui/mui';
import { TextField } from 'shared-ui/mui-inputs';
import { createOrder, errorStatus, getMe, getWalletBalance, readError, useAuthUser, useSessionStore } from 'shared-api';
import { BRAND, paths } from 'shared-api/contract/basics';
import type { Property, User } from 'shared-api/contract';
import { Button, formatMoney, formatNumber, toast } from 'shared-ui/core';
import { useAsync } from 'shared-ui/components';
import { AddIcon, RemoveIcon } from '../icons';
import { SuspendedInvest } from './suspended-invest';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { loginPath } from '../../../lib/next-path';
import { OrderReviewDialog } from './order-review-dialog';
import { checkQuantity, classifyOrderFailure, eligibility, orderTotal, type OrderFailure } from '../lib/invest';

export interface InvestPanelProps {
  property: Property;
  /** An order changed the units left: load the property again. */
  onOrdered: () => void;
}

export const LOW_BALANCE = 'Your wallet balance is too low for this order.';

/** Buying units: quantity and total price, then the order through the API, with a clear outcome for everyone. */
export function InvestPanel({ property, onOrdered }: InvestPanelProps) {
  const user = useAuthUser();
  const can = eligibility(user, property);

  // The stored user may predate an admin's verification: ask the server once.
  const refreshed = useRef(false);
  useEffect(() => {
    if (refreshed.current || !user || user.role !== 'INVESTOR' || user.status === 'VERIFIED') return;
    refreshed.current = true;
    getMe().then(
      (me) => useSessionStore.getState().setUser(me),
      () => undefined,
    );
  }, [user]);

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="invest-title"
      sx={{ p: { xs: 2.5, md: 3 }, borderWidth: 2, borderColor: 'primary.main' }}
    >
      <Typography id="invest-title" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
        Invest in this property
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2.5 }}>
        <Box component="strong" sx={{ color: 'text.primary' }}>
          {formatMoney(property.unitPrice)}
        </Box>{' '}
        per unit · {formatNumber(property.availableQuantity, 0)} of {formatNumber(property.totalQuantity, 0)} units available
      </Typography>
      {property.suspendedAt ? (
        <SuspendedInvest />
      ) : (
        <>
          {can === 'sold-out' && <SoldOut />}
          {can === 'visitor' && <VisitorActions propertyId={property._id} />}
          {can === 'not-investor' && (
            <Alert severity="info">
              Units are bought from an investor account. You are signed in as {user?.role === 'ADMIN' ? 'an admin' : 'a property owner'}.
            </Alert>
          )}
          {can === 'not-verified' && user && <NotVerified user={user} />}
          {can === 'ok' && <InvestForm property={property} onOrdered={onOrdered} />}
        </>
      )}
    </Paper>
  );
}

function SoldOut() {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="info">Sold out: every unit of this property has been bought, and it is fully funded.</Alert>
      <Button variant="filled-blue" size="LG" fullWidth disabled>
        Sold out
      </Button>
      <Button variant="outline-blue" fullWidth component={Link} to={paths.properties}>
        See other properties
      </Button>
    </Box>
  );
}

function VisitorActions({ propertyId }: { propertyId: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography>Log in with your investor account to buy units of this property.</Typography>
      <Button variant="filled-blue" size="LG" fullWidth component={Link} to={loginPath(paths.property(propertyId))}>
        Log in to invest
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        New to {BRAND}?{' '}
        <Box component={Link} to={paths.signup} sx={{ color: 'primary.main', fontWeight: 600 }}>
          Create an account
        </Box>
      </Typography>
    </Box>
  );
}

function NotVerified({ user }: { user: Pick<User, 'status' | 'onboardingCompleted' | 'rejectionReason'> }) {
  let text: string;
  if (user.status === 'REJECTED') {
    text = `Your verification was not approved${user.rejectionReason ? `: ${user.rejectionReason}` : ''}. Update your details in onboarding to try again.`;
  } else if (!user.onboardingCompleted) {
    text = 'Your account must be verified before you can invest. Complete your onboarding: it takes a few minutes.';
  } else {
    text = 'Your documents are being reviewed. You can invest as soon as our team has verified your account.';
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="warning">{text}</Alert>
      <Button variant="filled-blue" size="LG" fullWidth component={Link} to={paths.onboarding}>
        {user.onboardingCompleted && user.status === 'PENDING' ? 'Review your onboarding' : 'Complete onboarding'}
      </Button>
    </Box>
  );
}

type Outcome = { kind: 'success'; quantity: number } | { kind: OrderFailure; message: string } | null;

function InvestForm({ property, onOrdered }: InvestPanelProps) {
  const inputId = useId();
  const [text, setText] = useState('1');
  const [touched, setTouched] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const key = useRef<{ quantity: number; value: string } | null>(null);
  const wallet = useAsync(async () => getWalletBalance(), [property._id]);

  const available = property.availableQuantity;
  const check = checkQuantity(text, available);
  const quantity = check.ok ? check.quantity : 0;
  const total = orderTotal(quantity, property.unitPrice);
  const balance = wallet.data?.balance;
  const tooLow = check.ok && balance !== undefined && total > balance;
  const quantityError = (touched || text !== '') && !check.ok ? check.message : null;

  const step = (delta: number) => {
    setTouched(true);
    setOutcome(null);
    const current = check.ok ? check.quantity : 0;
    setText(String(Math.min(available, Math.max(1, current + delta))));
  };

  // Buy units opens the review step; Confirm there places the order.
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!check.ok || tooLow || placing) return;
    setOutcome(null);
    setReviewing(true);
  }

  async function place() {
    if (!check.ok || placing) return;
    // The same order retried (a lost answer) keeps its key: the server places it once.
    if (!key.current || key.current.quantity !== quantity) key.current = { quantity, value: newIdempotencyKey() };
    setPlacing(true);
    setOutcome(null);
    try {
      await createOrder({ propertyId: property._id, quantity }, { idempotencyKey: key.current.value });
      key.current = null;
      setReviewing(false);
      toast.success(`Order placed: ${formatNumber(quantity, 0)} ${quantity === 1 ? 'unit' : 'units'} of ${property.name}`);
      setOutcome({ kind: 'success', quantity });
      setText('1');
      setTouched(false);
      wallet.reload();
      onOrdered();
    } catch (err) {
      const message = await readError(err);
      const kind = classifyOrderFailure(errorStatus(err), message);
      setReviewing(false);
      if (kind !== 'other') key.current = null;
      setOutcome({ kind, message });
      if (kind === 'verify')
        getMe().then(
          (me) => useSessionStore.getState().setUser(me),
          () => undefined,
        );
      if (kind === 'sold-out') onOrdered();
      toast.error(message);
    } finally {
      setPlacing(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Buy units" sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <IconButton
          onClick={() => step(-1)}
          aria-label="One unit fewer"
          disabled={!check.ok || check.quantity <= 1}
          sx={{ mt: 1, border: 1, borderColor: 'divider' }}
        >
          <RemoveIcon />
        </IconButton>
        <TextField
          id={inputId}
          label="Number of units"
          name="quantity"
          value={text}
          onChange={(e) => {
            setOutcome(null);
            setText(e.target.value.replace(/[^\d]/g, '').slice(0, 9));
          }}
          onBlur={() => setTouched(true)}
          error={!!quantityError}
          helperText={quantityError ?? `Up to ${formatNumber(available, 0)}`}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', 'aria-describedby': `${inputId}-total` } }}
        />
        <IconButton
          onClick={() => step(1)}
          aria-label="One unit more"
          disabled={check.ok && check.quantity >= available}
          sx={{ mt: 1, border: 1, borderColor: 'divider' }}
        >
          <AddIcon />
        </IconButton>
      </Box>
      <Box
        id={`${inputId}-total`}
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          p: 1.5,
          borderRadius: 2,
          bgcolor: 'background.default',
        }}
      >
        <Typography color="text.secondary">Total price</Typography>
        <Typography sx={{ fontWeight: 800, fontSize: '1.5rem' }} data-testid="order-total">
          {formatMoney(total)}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Wallet balance:{' '}
        <Box component="strong" sx={{ color: 'text.primary' }}>
          {wallet.loading && balance === undefined ? 'loading...' : wallet.error ? 'unavailable' : formatMoney(balance)}
        </Box>
      </Typography>
      {(tooLow || outcome?.kind === 'balance') && (
        <Alert
          severity="warning"
          action={
            <Button variant="text-blue" size="SM" component={Link} to={paths.wallet}>
              Add money
            </Button>
          }
        >
          {outcome?.kind === 'balance' ? outcome.message : LOW_BALANCE}
        </Alert>
      )}
      {outcome?.kind === 'verify' && (
        <Alert
          severity="warning"
          action={
            <Button variant="text-blue" size="SM" component={Link} to={paths.onboarding}>
              Onboarding
            </Button>
          }
        >
          {outcome.message}
        </Alert>
      )}
      {(outcome?.kind === 'sold-out' || outcome?.kind === 'other') && <Alert severity="error">{outcome.message}</Alert>}
      {outcome?.kind === 'success' && (
        <Alert severity="success">
          Your order for {formatNumber(outcome.quantity, 0)} {outcome.quantity === 1 ? 'unit' : 'units'} is placed. It stays pending until
          our team approves it.
          <Box sx={{ mt: 0.5 }}>
            <Button variant="underline-blue" size="SM" component={Link} to={paths.orders} sx={{ ml: -0.5 }}>
              View your orders
            </Button>
          </Box>
        </Alert>
      )}
      <Button type="submit" variant="filled-blue" size="LG" fullWidth loading={placing} disabled={!check.ok || tooLow}>
        Buy units
      </Button>
      <OrderReviewDialog
        open={reviewing}
        propertyName={property.name}
        quantity={quantity}
        unitPrice={property.unitPrice}
        total={total}
        balance={balance}
        placing={placing}
        onConfirm={() => void place()}
        onBack={() => setReviewing(false)}
      />
    </Box>
  );
}
