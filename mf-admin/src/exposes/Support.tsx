import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { SupportPage } from '../features/support/support-page';

export default function Support() {
  return (
    <QueryProvider>
      <EnrolGate>
        <SupportPage />
      </EnrolGate>
    </QueryProvider>
  );
}
