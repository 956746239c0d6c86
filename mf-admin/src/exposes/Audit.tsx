import { AuditPage } from '../features/audit/audit-page';

export default function Audit() {
  return <AuditPage />;
}
