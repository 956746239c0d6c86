import { MuiThemeProvider } from 'shared-ui/core';
import { AboutSection } from './about-section';
import { ContactSection } from './contact-section';
import { RevolutionSection } from './revolution-section';
import { ServicesSection } from './services-section';
import { SubscribeSection } from './subscribe-section';

/**
 * Every landing section under the hero, loaded on demand (landing-page.tsx). They render
 * MUI, the hero does not: MUI and its theme load with them (the shell gives the landing page
 * no theme, route-table.ts `muiFree`).
 */
export default function BelowTheFold() {
  return (
    <MuiThemeProvider>
      <AboutSection />
      <ServicesSection />
      <RevolutionSection />
      <SubscribeSection />
      <ContactSection />
    </MuiThemeProvider>
  );
}
