import { screen } from '@testing-library/react';
import { useSessionStore } from 'shared-api';
import type { User } from 'shared-api/contract';
import { renderPage } from 'shared-ui/testing';
import { AboutPage } from './about-page';
import { ListPropertyPage } from './list-property-page';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';

const owner = {
  _id: 'o1',
  firstName: 'Olivia',
  lastName: 'Owner',
  email: 'o@example.com',
  role: 'PROPERTY_OWNER',
  status: 'VERIFIED',
} as User;

beforeEach(() => useSessionStore.getState().clearSession());

test.each([
  ['About', AboutPage, 'Real estate, one unit at a time'],
  ['Privacy', PrivacyPage, 'Privacy and cookie policy'],
  ['Terms', TermsPage, 'Terms and conditions'],
  ['List property', ListPropertyPage, 'List your property on Tessera'],
])('%s: one h1, a table of contents that matches its h2 sections', (_name, Page, title) => {
  const { container } = renderPage(<Page />);
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
  const toc = screen.getByRole('navigation', { name: 'On this page' });
  const links = [...toc.querySelectorAll('a')];
  expect(links.length).toBeGreaterThan(3);
  for (const a of links) {
    const id = a.getAttribute('href')!.slice(1);
    const section = container.querySelector(`section#${id}`);
    expect(section).not.toBeNull();
    expect(section!.querySelector('h2')).toHaveTextContent(a.textContent!);
  }
});

test('the privacy page is also the cookie policy', () => {
  const { container } = renderPage(<PrivacyPage />);
  expect(container.querySelector('section#cookies')).toHaveTextContent('authUser');
});

test('List property leads a visitor to an owner sign-up, and an owner to listing creation', () => {
  const first = renderPage(<ListPropertyPage />);
  expect(screen.getByRole('link', { name: 'Sign up as a property owner' })).toHaveAttribute('href', '/signup?as=OWNER');
  first.unmount();
  useSessionStore.getState().setSession(owner, 'tok');
  renderPage(<ListPropertyPage />);
  expect(screen.getByRole('link', { name: 'Create a listing' })).toHaveAttribute('href', '/dashboard/listings/create');
});
