import { QueryProvider } from 'shared-api/query';
import { MarketOrdersPage } from '../features/market/market-orders-page';

export default function MarketOrders() {
  return (
    <QueryProvider>
      <MarketOrdersPage />
    </QueryProvider>
  );
}
