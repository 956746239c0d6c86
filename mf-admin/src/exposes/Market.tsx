import { MarketPage } from '../features/market/market-page';

export default function Market() {
  return <MarketPage />;
}
