import { QueryProvider } from 'shared-api/query';
import { SupportPage } from '../features/support/components/support-page';

export default function Support() {
  return (
    <QueryProvider>
      <SupportPage />
    </QueryProvider>
  );
}
