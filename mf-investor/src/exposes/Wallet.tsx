import { QueryProvider } from 'shared-api/query';
import { WalletPage } from '../features/wallet/components/wallet-page';

export default function Wallet() {
  return (
    <QueryProvider>
      <WalletPage />
    </QueryProvider>
  );
}
