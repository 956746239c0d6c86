import { QueryProvider } from 'shared-api/query';
import { InvestmentsPage } from '../features/investments/components/investments-page';

export default function Investments() {
  return (
    <QueryProvider>
      <InvestmentsPage />
    </QueryProvider>
  );
}
