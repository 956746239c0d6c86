import { PayoutsPage } from '../features/payouts/payouts-page';

export default function Payouts() {
  return <PayoutsPage />;
}
