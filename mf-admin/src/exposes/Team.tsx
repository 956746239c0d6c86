import { QueryProvider } from 'shared-api/query';
import { EnrolGate } from '../components/enrol-gate';
import { TeamPage } from '../features/team/team-page';

export default function Team() {
  return (
    <QueryProvider>
      <EnrolGate>
        <TeamPage />
      </EnrolGate>
    </QueryProvider>
  );
}
