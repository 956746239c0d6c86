import { QueryProvider } from 'shared-api/query';
import { OverviewPage } from '../features/overview/components/overview-page';

export default function Overview() {
  return (
    <QueryProvider>
      <OverviewPage />
    </QueryProvider>
  );
}
