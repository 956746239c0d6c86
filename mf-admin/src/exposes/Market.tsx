import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { MarketPage } from '../features/market/market-page';

export default function Market() {
  return (
    <QueryProvider>
      <EnrolGate>
        <MarketPage />
      </EnrolGate>
    </QueryProvider>
  );
}
