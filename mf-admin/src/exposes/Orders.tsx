import { OrdersPage } from '../features/orders/orders-page';

export default function Orders() {
  return <OrdersPage />;
}
