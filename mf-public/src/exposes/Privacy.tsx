import { PrivacyPage } from '../features/content/pages/privacy-page';

export default function Privacy() {
  return <PrivacyPage />;
}
