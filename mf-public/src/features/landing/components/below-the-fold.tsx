import { AboutSection } from './about-section';
import { ContactSection } from './contact-section';
import { RevolutionSection } from './revolution-section';
import { ServicesSection } from './services-section';
import { SubscribeSection } from './subscribe-section';

/** Every landing section under the hero, loaded on demand (landing-page.tsx). */
export default function BelowTheFold() {
  return (
    <>
      <AboutSection />
      <ServicesSection />
      <RevolutionSection />
      <SubscribeSection />
      <ContactSection />
    </>
  );
}
