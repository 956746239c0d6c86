import { TransactionsPage } from '../features/transactions/transactions-page';

export default function Transactions() {
  return <TransactionsPage />;
}
