import { QueryProvider } from 'shared-api/query';
import { MarketPage } from '../features/market/market-page';

export default function Market() {
  return (
    <QueryProvider>
      <MarketPage />
    </QueryProvider>
  );
}
