import { QueryProvider } from 'shared-api/query';
import { ListingsPage } from '../features/listings/components/listings-page';

export default function Listings() {
  return (
    <QueryProvider>
      <ListingsPage />
    </QueryProvider>
  );
}
