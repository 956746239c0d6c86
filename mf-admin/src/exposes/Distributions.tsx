import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { DistributionsPage } from '../features/returns/distributions-page';

export default function Distributions() {
  return (
    <QueryProvider>
      <EnrolGate>
        <DistributionsPage />
      </EnrolGate>
    </QueryProvider>
  );
}
