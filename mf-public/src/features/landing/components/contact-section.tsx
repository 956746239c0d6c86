import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { Paper, Skeleton } from 'shared-ui/mui-surfaces';
import { BRAND } from 'shared-api/contract/basics';
import { MailIcon } from '../icons';
import { Section } from './section';

// Below the fold: the form (and MUI's inputs) load when the section comes near the screen.
const ContactForm = lazy(() => import('./contact-form'));

function FormPlaceholder() {
  return (
    <Box aria-hidden sx={{ display: 'grid', gap: 2.25 }}>
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={142} />
      <Skeleton variant="rounded" height={52} width={200} />
    </Box>
  );
}

function useNearScreen<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

export function ContactSection() {
  const [ref, near] = useNearScreen<HTMLDivElement>();
  return (
    <Section
      id="contact"
      tone="tinted"
      eyebrow="Contact"
      title="Get in touch"
      intro={`Questions about a property, your account or listing with ${BRAND}? Send us a message and our team will reply by e-mail, usually within one business day.`}
    >
      <Box sx={{ display: 'grid', gap: { xs: 3, md: 5 }, gridTemplateColumns: { xs: '1fr', md: '0.7fr 1.3fr' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <Box sx={{ display: 'flex', gap: 1.5 }}>
            <MailIcon sx={{ color: 'primary.main', mt: '2px' }} />
            <div>
              <Typography component="h3" variant="h6">
                All fields are required
              </Typography>
              <Typography color="text.secondary">Name, phone number, e-mail and subject take up to 25 characters each.</Typography>
            </div>
          </Box>
          <Typography color="text.secondary">
            Already have an account? Signed-in investors and owners can also open a support ticket from their dashboard and follow its
            answer there.
          </Typography>
        </Box>
        <Paper variant="outlined" ref={ref} sx={{ p: { xs: 2.5, md: 4 } }}>
          {near ? (
            <Suspense fallback={<FormPlaceholder />}>
              <ContactForm />
            </Suspense>
          ) : (
            <FormPlaceholder />
          )}
        </Paper>
      </Box>
    </Section>
  );
}
