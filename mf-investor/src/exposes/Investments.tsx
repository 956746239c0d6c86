import { lazy, Suspense } from 'react';
import { useParams } from 'shared-ui/router';
import { LoadingState } from 'shared-ui/components';
import { QueryProvider } from 'shared-api/query';
import { InvestmentsPage } from '../features/investments/components/investments-page';

// A property's chain record (/dashboard/investments/:propertyId/chain) is its own chunk: the
// investments page does not carry it.
const PropertyChainPage = lazy(() => import('../features/chain/property-chain-page'));

export default function Investments() {
  const { propertyId } = useParams();
  return (
    <QueryProvider>
      {propertyId ? (
        <Suspense fallback={<LoadingState label="Loading the chain record..." />}>
          <PropertyChainPage />
        </Suspense>
      ) : (
        <InvestmentsPage />
      )}
    </QueryProvider>
  );
}
