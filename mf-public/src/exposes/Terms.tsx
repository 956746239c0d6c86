import { TermsPage } from '../features/content/pages/terms-page';

export default function Terms() {
  return <TermsPage />;
}
