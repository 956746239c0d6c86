import { lazy, Suspense, useId, useState } from 'react';
import { Alert, Box, Link, Paper, Typography } from 'shared-ui/mui';
import { Link as RouterLink } from 'shared-ui/router';
import { ImageIcon } from 'shared-ui/components';
import { formatMoney, formatNumber, formatPercent } from 'shared-ui/core';
import { imageSources } from 'shared-api';
import { PROPERTY_TYPE_LABELS, annualReturn, paths, progressPercent, type Holding, type HoldingReturns } from 'shared-api/contract';
import { HoldingReturnsPanel } from '../../returns/holding-returns';
import { Figure } from '../../../components/figure';

// Loaded when first opened: the proof check's hashing is not part of the investments page.
const VerifyHoldingDialog = lazy(() => import('../../chain/verify-holding-dialog'));

/** Issue 20: a holding of a live or funded property can be offered on the market. */
export const canSell = (h: Holding) =>
  h.quantity > 0 && !h.property.suspendedAt && (h.property.status === 'FUNDED' || h.property.status === 'ACTIVE');

/** The property page's market section, its sell form prefilled with what this holding can sell. */
export const sellPath = (propertyId: string) => `${paths.property(propertyId)}?trade=sell#market`;

/** One holding: the property's picture, name and type, the investor's figures and, when loaded, its returns. */
export function HoldingCard({ holding: h, returns }: { holding: Holding; returns?: HoldingReturns }) {
  const headingId = useId();
  const [verifying, setVerifying] = useState(false);
  const p = h.property;
  const image = p.images[0];
  const share = progressPercent(h.quantity, p.totalQuantity);
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, overflow: 'hidden' }}
    >
      <Box
        sx={{
          position: 'relative',
          flexShrink: 0,
          width: { xs: '100%', sm: 200 },
          aspectRatio: { xs: '16 / 9', sm: 'auto' },
          minHeight: { sm: 150 },
          bgcolor: 'action.hover',
        }}
      >
        {image ? (
          <Box
            component="img"
            {...imageSources(image)}
            sizes={image.srcset ? '(min-width: 600px) 200px, 100vw' : undefined}
            alt={`Photo of ${p.name}`}
            loading="lazy"
            decoding="async"
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'primary.main' }}>
            <ImageIcon sx={{ fontSize: 40, opacity: 0.5 }} />
          </Box>
        )}
      </Box>
      <Box sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 1.5, flex: 1, minWidth: 0 }}>
        <Box>
          <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            <Link component={RouterLink} to={paths.property(p._id)} underline="hover" color="inherit">
              {p.name}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {PROPERTY_TYPE_LABELS[p.type] ?? p.type} · {p.address}
          </Typography>
        </Box>
        {p.suspendedAt && (
          // Issue 16: a holder sees that the listing is suspended (not buyable), and why.
          <Alert severity="warning" variant="outlined">
            <strong>Suspended.</strong> {p.suspendedReason ?? 'This listing is suspended until an admin resumes it.'} Your units and income
            are not affected.
          </Alert>
        )}
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(min(8.5rem, 100%), 1fr))' }}
        >
          <Figure label="Units held" value={formatNumber(h.quantity)} />
          <Figure label="Share of property" value={formatPercent(share)} />
          <Figure label="Amount invested" value={formatMoney(h.amountInvested)} />
          <Figure label="Annual return" value={formatPercent(annualReturn(p))} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {formatNumber(h.quantity)} of {formatNumber(p.totalQuantity)} units ·{' '}
          <Link component={RouterLink} to={paths.property(p._id)} aria-label={`View property ${p.name}`}>
            View property
          </Link>
          {canSell(h) && (
            <>
              {' · '}
              <Link component={RouterLink} to={sellPath(p._id)} aria-label={`Sell units of ${p.name}`} sx={{ fontWeight: 600 }}>
                Sell units
              </Link>
            </>
          )}
          {' · '}
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => setVerifying(true)}
            aria-label={`Verify my holding of ${p.name} on the chain`}
            sx={{ verticalAlign: 'baseline' }}
          >
            Verify my holding
          </Link>
        </Typography>
        {returns && <HoldingReturnsPanel returns={returns} />}
        {verifying && (
          <Suspense fallback={null}>
            <VerifyHoldingDialog open={verifying} propertyId={p._id} propertyName={p.name} onClose={() => setVerifying(false)} />
          </Suspense>
        )}
      </Box>
    </Paper>
  );
}
