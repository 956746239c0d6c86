import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { TransactionsPage } from '../features/transactions/transactions-page';

export default function Transactions() {
  return (
    <QueryProvider>
      <EnrolGate>
        <TransactionsPage />
      </EnrolGate>
    </QueryProvider>
  );
}
