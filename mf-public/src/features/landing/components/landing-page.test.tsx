import { screen } from '@testing-library/react';
import { useSessionStore } from 'shared-api';
import { makeUser } from 'shared-api/testing';
import { renderPage } from 'shared-ui/testing';
import { LandingPage } from './landing-page';

beforeEach(() => useSessionStore.getState().clearSession());

test('the sections, their anchors and headings in order', async () => {
  const { container } = renderPage(<LandingPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Real Estate Investment For Everyone' })).toBeInTheDocument();
  // The sections under the hero load on demand (at once here: jsdom has no IntersectionObserver).
  await screen.findByRole('heading', { level: 2, name: 'Join The Revolution' });
  for (const id of ['home', 'about', 'services', 'subscribe', 'contact']) expect(container.querySelector(`section#${id}`)).not.toBeNull();
  for (const title of ['Safe & secure', 'Blockchain', 'Web3-Supported Platforms'])
    expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Join The Revolution' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/about');
  // The contact form loads lazily (immediately here: jsdom has no IntersectionObserver).
  expect(await screen.findByRole('button', { name: 'Send message' })).toBeInTheDocument();
  // Headings never skip a level.
  const levels = [...container.querySelectorAll('h1, h2, h3, h4')].map((h) => Number(h.tagName[1]));
  levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
});

test('Get started takes a visitor to /signup', () => {
  renderPage(<LandingPage />);
  expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/signup');
});

test.each([
  ['INVESTOR', 'Subscribe', '/#subscribe'],
  ['PROPERTY_OWNER', 'List a property', '/dashboard/listings/create'],
] as const)('Get started is hidden for a logged-in %s, who is offered its destination instead', (role, label, href) => {
  useSessionStore.getState().setSession(makeUser({ role, isSubscribed: false }), 'tok');
  renderPage(<LandingPage />);
  expect(screen.queryByRole('link', { name: 'Get started' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: label })).toHaveAttribute('href', href);
});
