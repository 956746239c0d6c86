import { LandingPage } from '../features/landing/components/landing-page';

export default function Landing() {
  return <LandingPage />;
}
