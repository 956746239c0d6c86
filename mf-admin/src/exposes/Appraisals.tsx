import { AppraisalsPage } from '../features/returns/appraisals-page';

export default function Appraisals() {
  return <AppraisalsPage />;
}
