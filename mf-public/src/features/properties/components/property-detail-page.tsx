import { lazy, Suspense } from 'react';
import { Link, useParams } from 'shared-ui/router';
import { Box, Container, Typography } from 'shared-ui/mui-core';
import { Paper, Skeleton } from 'shared-ui/mui-surfaces';
import { getProperty, peekProperty } from 'shared-api';
import { PROPERTY_TYPE_LABELS, paths } from 'shared-api/contract';
import { Button, visuallyHidden } from 'shared-ui/core';
import { useAsync, ErrorState } from 'shared-ui/components';
import { ArrowBackIcon, PlaceIcon } from '../icons';
import { isSoldOut } from '../lib/invest';
import { ConstructionProgress } from './construction-progress';
import { DocumentsList } from './documents-list';
import { PhotoMosaic } from './photo-mosaic';
import { PropertyFigures } from './property-figures';
import { useAfterPaint } from '../../../lib/use-after-paint';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SuspendedNotice } from './suspended-notice';

// The invest panel (its form needs MUI's inputs, about 70 KB of shared chunks) loads once
// the property is on screen: the photo and the figures never wait for it (issue 11: LCP).
const InvestPanel = lazy(() => import('./invest-panel').then((m) => ({ default: m.InvestPanel })));
// Issue 18: appraisal and distribution history, below the fold: its own chunk, after paint.
const PerformanceSection = lazy(() => import('./performance-section').then((m) => ({ default: m.PerformanceSection })));
// Issue 20: the secondary market (book, history, buy / sell form), its own chunk after paint,
// for a live or funded property only (the section itself hides when trading is not enabled).
// A sold property's final figures take the invest panel's place, in a chunk of their own.
const SoldFigures = lazy(() => import('./sold-figures').then((m) => ({ default: m.SoldFigures })));
const MarketSection = lazy(() => import('../market/market-section').then((m) => ({ default: m.MarketSection })));

/** The panel's place while its code loads, about as tall as the panel, so nothing jumps. */
function InvestPanelPlaceholder() {
  return <Skeleton variant="rounded" height={300} aria-hidden />;
}

/** A small label (type, fully funded). */
function Tag({ label, tone }: { label: string; tone: 'primary' | 'success' }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        height: 24,
        px: 1.25,
        borderRadius: 3,
        fontSize: '0.8125rem',
        fontWeight: 500,
        ...(tone === 'primary'
          ? { border: 1, borderColor: 'primary.main', color: 'primary.main' }
          : { bgcolor: 'success.main', color: 'success.contrastText' }),
      }}
    >
      {label}
    </Box>
  );
}

function BackLink() {
  return (
    <Button variant="text-blue" size="SM" component={Link} to={paths.properties} startIcon={<ArrowBackIcon />} sx={{ mb: 2, ml: -1 }}>
      All properties
    </Button>
  );
}

function DetailSkeleton() {
  return (
    <Box role="status" aria-live="polite" aria-busy="true">
      <Box component="span" sx={visuallyHidden}>
        Loading the property...
      </Box>
      <Skeleton variant="text" width="45%" height={56} />
      <Skeleton variant="text" width="30%" sx={{ mb: 3 }} />
      <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 7', height: 'auto', borderRadius: 4 }} />
      <Box sx={{ display: 'grid', gap: 3, mt: 4, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 380px' } }}>
        <Skeleton variant="rounded" height={280} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    </Box>
  );
}

export function PropertyDetailPage() {
  const { id = '' } = useParams();
  const {
    data: p,
    error,
    loading,
    reload,
  } = useAsync(
    async () => getProperty(id),
    [id],
    () => peekProperty(id),
  );
  useDocumentTitle(p?.name ?? 'Property');
  const investReady = useAfterPaint(Boolean(p));

  if (!p) {
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <BackLink />
        {error && !loading ? <ErrorState title="We could not load this property" message={error} onRetry={reload} /> : <DetailSkeleton />}
      </Container>
    );
  }

  const soldOut = isSoldOut(p);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <BackLink />
      <Box component="header" sx={{ mb: 3 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
          <Tag label={PROPERTY_TYPE_LABELS[p.type] ?? p.type} tone="primary" />
          {p.status === 'SOLD' ? <Tag label="Sold" tone="success" /> : soldOut && <Tag label="Fully funded" tone="success" />}
        </Box>
        <Typography component="h1" variant="h2">
          {p.name}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <PlaceIcon fontSize="small" />
          {p.address}, {p.state}
        </Typography>
      </Box>

      <SuspendedNotice property={p} />
      <PhotoMosaic images={p.images} name={p.name} />

      <Box
        sx={{
          mt: { xs: 3, md: 4 },
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 380px' },
          gridTemplateAreas: { xs: '"figures" "invest" "details"', md: '"figures invest" "details invest"' },
        }}
      >
        <Box sx={{ gridArea: 'figures' }}>
          <PropertyFigures property={p} />
        </Box>
        <Box sx={{ gridArea: 'invest', position: { md: 'sticky' }, top: { md: 88 } }}>
          {investReady ? (
            <Suspense fallback={<InvestPanelPlaceholder />}>
              {p.status === 'SOLD' ? <SoldFigures propertyId={p._id} figures={p.sale} /> : <InvestPanel property={p} onOrdered={reload} />}
            </Suspense>
          ) : (
            <InvestPanelPlaceholder />
          )}
        </Box>
        <Box sx={{ gridArea: 'details', display: 'grid', gap: 3 }}>
          {investReady && !p.suspendedAt && (p.status === 'FUNDED' || p.status === 'ACTIVE') && (
            <Suspense fallback={<Skeleton variant="rounded" height={320} aria-hidden />}>
              <MarketSection propertyId={p._id} propertyName={p.name} />
            </Suspense>
          )}
          <Paper variant="outlined" component="section" aria-labelledby="about-property-title" sx={{ p: { xs: 2.5, md: 3 } }}>
            <Typography id="about-property-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1.5 }}>
              About this property
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line' }}>{p.description || 'The owner has not added a description yet.'}</Typography>
          </Paper>
          {p.type === 'OFF_PLAN' && <ConstructionProgress progress={p.progress ?? 0} updates={p.progressUpdates ?? []} />}
          {investReady && (
            <Suspense fallback={null}>
              <PerformanceSection propertyId={p._id} />
            </Suspense>
          )}
          <DocumentsList documents={p.documents ?? []} />
        </Box>
      </Box>
    </Container>
  );
}
