import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { ReconciliationPage } from '../features/reconciliation/reconciliation-page';

export default function Reconciliation() {
  return (
    <QueryProvider>
      <EnrolGate>
        <ReconciliationPage />
      </EnrolGate>
    </QueryProvider>
  );
}
