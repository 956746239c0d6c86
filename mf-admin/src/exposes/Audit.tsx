import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { AuditPage } from '../features/audit/audit-page';

export default function Audit() {
  return (
    <QueryProvider>
      <EnrolGate>
        <AuditPage />
      </EnrolGate>
    </QueryProvider>
  );
}
