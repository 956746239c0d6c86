import { QueryProvider } from 'shared-api/query';
import { OrdersPage } from '../features/orders/orders-page';

export default function Orders() {
  return (
    <QueryProvider>
      <OrdersPage />
    </QueryProvider>
  );
}
