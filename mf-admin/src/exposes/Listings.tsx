import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { ListingsPage } from '../features/listings/listings-page';

export default function Listings() {
  return (
    <QueryProvider>
      <EnrolGate>
        <ListingsPage />
      </EnrolGate>
    </QueryProvider>
  );
}
