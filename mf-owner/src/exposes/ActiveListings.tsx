import { QueryProvider } from 'shared-api/query';
import { ActiveListingsPage } from '../features/active-listings/components/active-listings-page';

export default function ActiveListings() {
  return (
    <QueryProvider>
      <ActiveListingsPage />
    </QueryProvider>
  );
}
