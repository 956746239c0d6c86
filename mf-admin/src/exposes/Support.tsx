import { SupportPage } from '../features/support/support-page';

export default function Support() {
  return <SupportPage />;
}
