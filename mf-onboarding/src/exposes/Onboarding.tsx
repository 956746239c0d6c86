import { OnboardingPage } from '../features/onboarding/onboarding-page';

export default function Onboarding() {
  return <OnboardingPage />;
}
