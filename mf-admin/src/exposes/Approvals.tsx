import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { ApprovalsPage } from '../features/approvals/approvals-page';

export default function Approvals() {
  return (
    <QueryProvider>
      <EnrolGate>
        <ApprovalsPage />
      </EnrolGate>
    </QueryProvider>
  );
}
