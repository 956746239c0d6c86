import { SupportPage } from '../features/support/components/support-page';

export default function Support() {
  return <SupportPage />;
}
