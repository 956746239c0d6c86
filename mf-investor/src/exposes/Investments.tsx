import { InvestmentsPage } from '../features/investments/components/investments-page';

export default function Investments() {
  return <InvestmentsPage />;
}
