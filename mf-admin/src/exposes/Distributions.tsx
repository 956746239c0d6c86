import { QueryProvider } from 'shared-api/query';
import { DistributionsPage } from '../features/returns/distributions-page';

export default function Distributions() {
  return (
    <QueryProvider>
      <DistributionsPage />
    </QueryProvider>
  );
}
