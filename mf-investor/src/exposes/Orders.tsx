import { OrdersPage } from '../features/orders/components/orders-page';

export default function Orders() {
  return <OrdersPage />;
}
