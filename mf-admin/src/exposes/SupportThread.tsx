import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { SupportThreadPage } from '../features/support/thread-page';

export default function SupportThread() {
  return (
    <QueryProvider>
      <EnrolGate>
        <SupportThreadPage />
      </EnrolGate>
    </QueryProvider>
  );
}
