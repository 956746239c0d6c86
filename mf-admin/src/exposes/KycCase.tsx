import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { CasePage } from '../features/cases/case-page';

export default function KycCase() {
  return (
    <QueryProvider>
      <EnrolGate>
        <CasePage />
      </EnrolGate>
    </QueryProvider>
  );
}
