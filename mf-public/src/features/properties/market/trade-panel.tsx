// Buy or sell units on the market: who may trade, the form (side, units, limit price, good
// until), a review step with the total, the fee and what is held, then the outcome.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'shared-ui/router';
import { Alert, AlertTitle, Box, Typography } from 'shared-ui/mui';
import { FormControlLabel, Radio, RadioGroup, TextField } from 'shared-ui/mui-inputs';
import { getMe, getMyMarketPosition, placeMarketOrder, readError, useAuthUser, useSessionStore } from 'shared-api';
import { paths } from 'shared-api/contract/basics';
import type { MarketBook, MarketSide, PlaceMarketOrderResult } from 'shared-api/contract';
import { MARKET_SIDE_LABELS } from 'shared-api/contract/market';
import { Button, formatMoney, formatNumber, toast } from 'shared-ui/core';
import { useAsync } from 'shared-ui/components';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { loginPath } from '../../../lib/next-path';
import { MarketReviewDialog } from './market-review-dialog';
import {
  FAILURE_TITLES,
  TRADE_MESSAGES,
  checkPrice,
  checkUnits,
  classifyTradeFailure,
  feePercent,
  orderFigures,
  todayUtc,
  type TradeFailure,
} from './market';

export interface TradePanelProps {
  book: MarketBook;
  /** An order was placed: the book, the history and the position change. */
  onPlaced: () => void;
}

const unitsPhrase = (n: number) => `${formatNumber(n, 0)} ${n === 1 ? 'unit' : 'units'}`;

export function TradePanel({ book, onPlaced }: TradePanelProps) {
  const user = useAuthUser();
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

  let body;
  if (!user) {
    body = (
      <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
        <Typography>Sign in with your investor account to buy or sell units of this property.</Typography>
        <Button variant="filled-blue" component={Link} to={loginPath(`${paths.property(book.propertyId)}#market`)}>
          Log in to trade
        </Button>
      </Box>
    );
  } else if (user.role !== 'INVESTOR') {
    body = <Alert severity="info">Units are traded from an investor account.</Alert>;
  } else if (user.status !== 'VERIFIED') {
    body = (
      <Alert
        severity="warning"
        action={
          <Button variant="text-blue" size="SM" component={Link} to={paths.onboarding}>
            Onboarding
          </Button>
        }
      >
        Your account must be verified before you can trade.
      </Alert>
    );
  } else if (book.status !== 'OPEN') {
    body = <Typography color="text.secondary">Orders can be placed again when trading resumes.</Typography>;
  } else {
    body = <TradeForm book={book} onPlaced={onPlaced} />;
  }
  return (
    <Box component="section" aria-labelledby="trade-title" sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
      <Typography id="trade-title" component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        Buy or sell units
      </Typography>
      {body}
    </Box>
  );
}

type Outcome = { kind: 'placed'; result: PlaceMarketOrderResult } | { kind: TradeFailure; message: string } | null;

function TradeForm({ book, onPlaced }: TradePanelProps) {
  const formId = useId();
  const [params] = useSearchParams();
  const [side, setSide] = useState<MarketSide>(params.get('trade') === 'sell' ? 'SELL' : 'BUY');
  const [unitsText, setUnitsText] = useState(params.get('units') ?? '');
  const [priceText, setPriceText] = useState('');
  const [until, setUntil] = useState<'GTC' | 'DATE'>('GTC');
  const [date, setDate] = useState('');
  const [touched, setTouched] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const key = useRef<{ body: string; value: string } | null>(null);
  // Asked again whenever the book changes (a fill moves units and money).
  const position = useAsync(() => getMyMarketPosition(book.propertyId), [book.propertyId, book.asOf]);
  const pos = position.data;
  const prefilledFromHolding = useRef(params.get('trade') === 'sell' && !params.get('units'));
  useEffect(() => {
    // "Sell units" from a holding: everything available, once it is known.
    if (prefilledFromHolding.current && pos) {
      prefilledFromHolding.current = false;
      if (pos.available > 0) setUnitsText(String(pos.available));
    }
  }, [pos]);

  const units = checkUnits(unitsText, side, pos?.available);
  const price = checkPrice(priceText, book.rules);
  const figures = units.ok && price.ok ? orderFigures(side, units.units, price.price, book.rules.feeBps) : null;
  const tooPoor = side === 'BUY' && figures && pos && figures.heldMoney > pos.walletAvailable;
  const badDate = until === 'DATE' && (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date < todayUtc());
  const nothingToSell = side === 'SELL' && pos?.available === 0;
  const show = (ok: boolean, text: string) => (touched && !ok ? text : undefined);

  const change = (fn: () => void) => {
    setOutcome(null);
    fn();
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!units.ok || !price.ok || tooPoor || badDate || nothingToSell || placing) return;
    setOutcome(null);
    setReviewing(true);
  }

  async function place() {
    if (!units.ok || !price.ok || placing) return;
    const body = {
      propertyId: book.propertyId,
      side,
      units: units.units,
      price: price.price,
      goodUntil: until === 'DATE' ? date : null,
    };
    // The same order retried (a lost answer) keeps its key: the server places it once.
    const text = JSON.stringify(body);
    if (!key.current || key.current.body !== text) key.current = { body: text, value: newIdempotencyKey() };
    setPlacing(true);
    try {
      const result = await placeMarketOrder(body, { idempotencyKey: key.current.value });
      key.current = null;
      setReviewing(false);
      setOutcome({ kind: 'placed', result });
      setUnitsText('');
      setTouched(false);
      toast.success(result.fills.length > 0 ? `Traded ${unitsPhrase(result.order.filled)}` : 'Your order is on the book');
      onPlaced();
    } catch (err) {
      const message = await readError(err);
      const kind = classifyTradeFailure(message);
      // A refusal is final for this body; a lost answer keeps the key for a retry.
      if (kind !== 'other') key.current = null;
      setReviewing(false);
      setOutcome({ kind, message });
      toast.error(message);
      if (kind === 'halted') onPlaced();
    } finally {
      setPlacing(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Market order" sx={{ display: 'grid', gap: 2 }}>
      <RadioGroup
        row
        aria-label="Buy or sell"
        name="side"
        value={side}
        onChange={(e) => change(() => setSide(e.target.value as MarketSide))}
      >
        <FormControlLabel value="BUY" control={<Radio />} label="Buy" />
        <FormControlLabel value="SELL" control={<Radio />} label="Sell" />
      </RadioGroup>
      <Typography variant="body2" color="text.secondary" data-testid="position">
        {!pos
          ? position.error
            ? `Your units and wallet could not be loaded: ${position.error}`
            : 'Loading your units and wallet...'
          : side === 'SELL'
            ? `You hold ${unitsPhrase(pos.units)}; ${formatNumber(pos.available, 0)} available to sell${pos.held > 0 ? ` (${formatNumber(pos.held, 0)} in open sell orders)` : ''}.`
            : `Wallet available: ${formatMoney(pos.walletAvailable)}.`}
      </Typography>
      {nothingToSell && <Alert severity="info">You have no units of this property available to sell.</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          id={`${formId}-units`}
          label="Units"
          name="units"
          value={unitsText}
          onChange={(e) => change(() => setUnitsText(e.target.value.replace(/[^\d]/g, '').slice(0, 7)))}
          error={!!show(units.ok, units.ok ? '' : units.message)}
          helperText={
            show(units.ok, units.ok ? '' : units.message) ??
            (side === 'SELL' && pos ? `Up to ${formatNumber(pos.available, 0)}` : 'Whole units')
          }
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
          fullWidth
        />
        <TextField
          id={`${formId}-price`}
          label="Limit price per unit ($)"
          name="price"
          value={priceText}
          onChange={(e) => change(() => setPriceText(e.target.value.slice(0, 16)))}
          error={!!show(price.ok, price.ok ? '' : price.message)}
          helperText={
            show(price.ok, price.ok ? '' : price.message) ??
            `Between ${formatMoney(book.rules.minPrice)} and ${formatMoney(book.rules.maxPrice)}`
          }
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          fullWidth
        />
      </Box>
      <Box>
        <RadioGroup
          row
          aria-label="Good until"
          name="until"
          value={until}
          onChange={(e) => change(() => setUntil(e.target.value as 'GTC' | 'DATE'))}
        >
          <FormControlLabel value="GTC" control={<Radio />} label="Good until cancelled" />
          <FormControlLabel value="DATE" control={<Radio />} label="Good until a date" />
        </RadioGroup>
        {until === 'DATE' && (
          <TextField
            type="date"
            label="Good until"
            name="goodUntil"
            value={date}
            onChange={(e) => change(() => setDate(e.target.value))}
            error={touched && badDate}
            helperText={touched && badDate ? TRADE_MESSAGES.date : 'The order expires after this day (UTC)'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayUtc() } }}
            sx={{ mt: 1 }}
          />
        )}
      </Box>
      {figures && (
        <Typography variant="body2" data-testid="trade-total">
          Total {formatMoney(figures.total)}
          {side === 'SELL' &&
            ` · trading fee ${formatMoney(figures.fee)} (${feePercent(book.rules.feeBps)}) · you receive ${formatMoney(figures.proceeds)}`}
        </Typography>
      )}
      {tooPoor && figures && pos && (
        <Alert
          severity="warning"
          action={
            <Button variant="text-blue" size="SM" component={Link} to={paths.wallet}>
              Add money
            </Button>
          }
        >
          {TRADE_MESSAGES.money(pos.walletAvailable, figures.heldMoney)}
        </Alert>
      )}
      {outcome && outcome.kind !== 'placed' && (
        <Alert
          severity="error"
          role="alert"
          action={
            outcome.kind === 'money' ? (
              <Button variant="text-blue" size="SM" component={Link} to={paths.wallet}>
                Add money
              </Button>
            ) : outcome.kind === 'self-trade' ? (
              <Button variant="text-blue" size="SM" component={Link} to={paths.market}>
                Your orders
              </Button>
            ) : undefined
          }
        >
          <AlertTitle>{FAILURE_TITLES[outcome.kind]}</AlertTitle>
          {outcome.message}
        </Alert>
      )}
      {outcome?.kind === 'placed' && <Placed result={outcome.result} />}
      <Button type="submit" variant="filled-blue" size="LG" fullWidth disabled={placing || nothingToSell}>
        Review {side === 'BUY' ? 'buy' : 'sell'} order
      </Button>
      {figures && (
        <MarketReviewDialog
          open={reviewing}
          propertyName={book.property.name}
          side={side}
          units={units.ok ? units.units : 0}
          price={price.ok ? price.price : 0}
          figures={figures}
          feeBps={book.rules.feeBps}
          goodUntil={until === 'DATE' ? date : null}
          placing={placing}
          onConfirm={() => void place()}
          onBack={() => setReviewing(false)}
        />
      )}
    </Box>
  );
}

function Placed({ result }: { result: PlaceMarketOrderResult }) {
  const o = result.order;
  const side = MARKET_SIDE_LABELS[o.side].toLowerCase();
  return (
    <Alert severity="success" role="status">
      <AlertTitle>Order placed</AlertTitle>
      {o.filled > 0
        ? `You ${o.side === 'BUY' ? 'bought' : 'sold'} ${unitsPhrase(o.filled)} at ${formatMoney(o.averageFillPrice ?? o.price)} on average.`
        : `Your ${side} order of ${unitsPhrase(o.units)} at ${formatMoney(o.price)} is on the book.`}{' '}
      {o.filled > 0 && o.remaining > 0 && `${unitsPhrase(o.remaining)} stay on the book at ${formatMoney(o.price)}. `}
      <Box component={Link} to={paths.market} sx={{ color: 'primary.main', fontWeight: 600 }}>
        View your market orders
      </Box>
    </Alert>
  );
}
