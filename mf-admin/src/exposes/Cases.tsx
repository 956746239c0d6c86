import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { CasesPage } from '../features/cases/cases-page';

export default function Cases() {
  return (
    <QueryProvider>
      <EnrolGate>
        <CasesPage />
      </EnrolGate>
    </QueryProvider>
  );
}
