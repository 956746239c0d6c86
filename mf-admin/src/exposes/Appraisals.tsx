import { QueryProvider } from 'shared-api/query';
import { AppraisalsPage } from '../features/returns/appraisals-page';

export default function Appraisals() {
  return (
    <QueryProvider>
      <AppraisalsPage />
    </QueryProvider>
  );
}
