import { QueryProvider } from 'shared-api/query';
import { TransactionsPage } from '../features/transactions/transactions-page';

export default function Transactions() {
  return (
    <QueryProvider>
      <TransactionsPage />
    </QueryProvider>
  );
}
