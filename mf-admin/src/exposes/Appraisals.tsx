import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { AppraisalsPage } from '../features/returns/appraisals-page';

export default function Appraisals() {
  return (
    <QueryProvider>
      <EnrolGate>
        <AppraisalsPage />
      </EnrolGate>
    </QueryProvider>
  );
}
