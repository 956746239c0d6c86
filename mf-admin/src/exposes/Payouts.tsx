import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { PayoutsPage } from '../features/payouts/payouts-page';

export default function Payouts() {
  return (
    <QueryProvider>
      <EnrolGate>
        <PayoutsPage />
      </EnrolGate>
    </QueryProvider>
  );
}
