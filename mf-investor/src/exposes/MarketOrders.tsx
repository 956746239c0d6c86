import { MarketOrdersPage } from '../features/market/market-orders-page';

export default function MarketOrders() {
  return <MarketOrdersPage />;
}
