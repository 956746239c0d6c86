import { WalletPage } from '../features/wallet/components/wallet-page';

export default function Wallet() {
  return <WalletPage />;
}
