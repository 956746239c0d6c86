import { QueryProvider } from 'shared-api/query';
import { PayoutsPage } from '../features/payouts/payouts-page';

export default function Payouts() {
  return (
    <QueryProvider>
      <PayoutsPage />
    </QueryProvider>
  );
}
