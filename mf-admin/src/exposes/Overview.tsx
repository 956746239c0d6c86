import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { OverviewPage } from '../features/overview/overview-page';

export default function Overview() {
  return (
    <QueryProvider>
      <EnrolGate>
        <OverviewPage />
      </EnrolGate>
    </QueryProvider>
  );
}
