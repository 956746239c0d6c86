import { QueryProvider } from 'shared-api/query';
import { SupportThreadPage } from '../features/support/thread-page';

export default function SupportThread() {
  return (
    <QueryProvider>
      <SupportThreadPage />
    </QueryProvider>
  );
}
