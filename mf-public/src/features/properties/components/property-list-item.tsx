import { Link } from 'shared-ui/router';
import { Box } from 'shared-ui/mui-core';
import { paths } from 'shared-api/contract/basics';
import type { Property } from 'shared-api/contract';
import { PropertyCard } from 'shared-ui/components';
import { loginPath } from '../../../lib/next-path';

export interface PropertyListItemProps {
  property: Property;
  signedIn: boolean;
  /** Above the fold: load the image eagerly. */
  priority?: boolean;
}

/**
 * The design-system card, plus a link over its picture to the property page, so that
 * a visitor (whose Invest now goes to /login, spec 2) can still open a property.
 */
export function PropertyListItem({ property: p, signedIn, priority }: PropertyListItemProps) {
  const detail = paths.property(p._id);
  return (
    <Box sx={{ position: 'relative', height: '100%' }}>
      <Box
        component={Link}
        to={detail}
        aria-label={`View details of ${p.name}`}
        sx={{
          position: 'absolute',
          zIndex: 1,
          top: 0,
          left: 0,
          right: 0,
          aspectRatio: '4 / 3',
          display: 'flex',
          alignItems: 'flex-end',
          justifyContent: 'flex-end',
          p: 1.5,
          borderRadius: '14px 14px 0 0',
          '&:hover > span, &:focus-visible > span': { bgcolor: 'primary.main' },
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
        }}
      >
        <Box
          component="span"
          aria-hidden
          sx={{
            bgcolor: 'rgba(10, 37, 64, 0.88)',
            color: '#FFFFFF',
            px: 1.5,
            py: 0.5,
            borderRadius: 999,
            fontSize: '0.8125rem',
            fontWeight: 600,
            transition: 'background-color 150ms',
          }}
        >
          View details
        </Box>
      </Box>
      <PropertyCard
        property={p}
        investHref={signedIn ? detail : loginPath(detail)}
        linkComponent={Link}
        priority={priority}
        headingLevel="h2"
      />
    </Box>
  );
}
