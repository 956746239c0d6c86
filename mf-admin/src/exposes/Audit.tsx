import { QueryProvider } from 'shared-api/query';
import { AuditPage } from '../features/audit/audit-page';

export default function Audit() {
  return (
    <QueryProvider>
      <AuditPage />
    </QueryProvider>
  );
}
