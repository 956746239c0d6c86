import { useId, type ElementType } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { Paper } from 'shared-ui/mui-surfaces';
import { CARD_IMAGE_SIZES, PROPERTY_TYPE_LABELS, amountRaised, annualReturn, totalValue, type Property } from 'shared-api/contract';
import { Button, brand, formatMoney, formatPercent } from 'shared-ui/core';
import { ImageIcon } from '../icons-more';
import { ProgressBar } from './progress-bar';

export type PropertyCardData = Pick<
  Property,
  '_id' | 'name' | 'address' | 'type' | 'images' | 'totalQuantity' | 'availableQuantity' | 'soldQuantity' | 'unitPrice' | 'roiInFiveYears'
>;

export interface PropertyCardProps {
  property: PropertyCardData;
  /** Where "Invest now" goes (the caller decides: the property page, or /login when signed out). */
  investHref: string;
  /** Router link component (react-router's Link); without it a plain link. */
  linkComponent?: ElementType;
  /** Above the fold: load the image eagerly with high priority. */
  priority?: boolean;
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** Image `sizes` for the srcset; default fits PropertyGrid's columns. */
  imageSizes?: string;
}

/** Spec 2's property card: image, name, address, progress, raised vs total value, annual return, type, Invest now. */
export function PropertyCard({
  property: p,
  investHref,
  linkComponent,
  priority = false,
  headingLevel = 'h3',
  imageSizes = CARD_IMAGE_SIZES,
}: PropertyCardProps) {
  const headingId = useId();
  const raised = amountRaised(p);
  const total = totalValue(p);
  const image = p.images[0];
  const raisedText = formatMoney(raised, { cents: 'auto' });
  const totalText = formatMoney(total, { cents: 'auto' });

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        height: '100%',
        transition: 'box-shadow 150ms',
        '&:hover': { boxShadow: '0 8px 24px rgba(10, 37, 64, 0.08)' },
      }}
    >
      <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: brand.blueSoft }}>
        {image ? (
          <Box
            component="img"
            src={image.url}
            srcSet={image.srcset}
            sizes={image.srcset ? imageSizes : undefined}
            width={image.width}
            height={image.height}
            alt={`Photo of ${p.name}`}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'primary.main' }}>
            <ImageIcon sx={{ fontSize: 48, opacity: 0.5 }} />
          </Box>
        )}
        <Box
          component="span"
          sx={{
            position: 'absolute',
            top: 12,
            left: 12,
            px: 1.25,
            py: 0.25,
            borderRadius: 999,
            bgcolor: 'rgba(255,255,255,0.95)',
            color: brand.navy,
            fontSize: '0.8125rem',
            fontWeight: 600,
          }}
        >
          {PROPERTY_TYPE_LABELS[p.type] ?? p.type}
        </Box>
      </Box>

      <Box sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5, flexGrow: 1 }}>
        <div>
          <Typography id={headingId} component={headingLevel} variant="h6" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {p.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {p.address}
          </Typography>
        </div>

        <div>
          <ProgressBar current={raised} max={total} label="Amount raised" valueText={`${raisedText} raised of ${totalText}`} />
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="raised">
            <Box component="strong" sx={{ color: 'text.primary' }}>
              {raisedText}
            </Box>{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              raised of {totalText}
            </Box>
          </Typography>
        </div>

        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: '1fr auto',
            rowGap: 0.5,
            columnGap: 2,
            '& dd': { m: 0, fontWeight: 600, textAlign: 'right' },
            '& dt': { color: 'text.secondary' },
          }}
        >
          <Typography component="dt" variant="body2">
            Annual return
          </Typography>
          <Typography component="dd" variant="body2" data-testid="annual-return">
            {formatPercent(annualReturn(p))}
          </Typography>
          <Typography component="dt" variant="body2">
            Property type
          </Typography>
          <Typography component="dd" variant="body2">
            {PROPERTY_TYPE_LABELS[p.type] ?? p.type}
          </Typography>
        </Box>

        <Box sx={{ mt: 'auto', pt: 0.5 }}>
          <Button
            variant="filled-blue"
            size="MD"
            fullWidth
            aria-describedby={headingId}
            {...(linkComponent ? { component: linkComponent, to: investHref } : { href: investHref })}
          >
            Invest now
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
