import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { OrdersPage } from '../features/orders/orders-page';

export default function Orders() {
  return (
    <QueryProvider>
      <EnrolGate>
        <OrdersPage />
      </EnrolGate>
    </QueryProvider>
  );
}
