import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { screen, within } from '@testing-library/react';
import { renderUi } from '../testing/render';
import { PropertyCard, type PropertyCardData } from './property-card';
import { PropertyGrid } from './property-grid';

const property: PropertyCardData = {
  _id: 'p1',
  name: 'Maple Court Residences',
  address: '12 Maple Court, Austin, TX',
  type: 'RENTAL_READY',
  images: [
    {
      _id: 'i1',
      url: '/download/maple.jpg',
      srcset: '/download/maple-480.webp 480w, /download/maple-960.webp 960w',
      width: 960,
      height: 720,
    },
  ],
  totalQuantity: 10_000,
  availableQuantity: 2_500,
  soldQuantity: 7_500,
  unitPrice: 125,
  roiInFiveYears: 42,
};

describe('PropertyCard', () => {
  test('name, address and type label', () => {
    renderUi(<PropertyCard property={property} investHref="/properties/p1" />);
    const card = screen.getByRole('article', { name: 'Maple Court Residences' });
    expect(within(card).getByRole('heading', { level: 3, name: 'Maple Court Residences' })).toBeInTheDocument();
    expect(card).toHaveTextContent('12 Maple Court, Austin, TX');
    expect(within(card).getAllByText('Rental Ready').length).toBeGreaterThan(0);
  });

  test('raised versus total value, comma formatted', () => {
    renderUi(<PropertyCard property={property} investHref="/properties/p1" />);
    // raised = (10,000 - 2,500) × 125 = 937,500; total = 125 × 10,000 = 1,250,000
    expect(screen.getByTestId('raised')).toHaveTextContent('$937,500 raised of $1,250,000');
    const bar = screen.getByRole('progressbar', { name: 'Amount raised' });
    expect(bar).toHaveAttribute('aria-valuenow', '75');
    expect(bar).toHaveAttribute('aria-valuetext', '$937,500 raised of $1,250,000');
  });

  test('annual return = roiInFiveYears / 5 as a percent', () => {
    renderUi(<PropertyCard property={property} investHref="/properties/p1" />);
    expect(screen.getByTestId('annual-return')).toHaveTextContent('8.4%');
  });

  test('cents show only when there are cents', () => {
    renderUi(
      <PropertyCard
        property={{ ...property, unitPrice: 10.25, totalQuantity: 3, availableQuantity: 1, soldQuantity: 2 }}
        investHref="/x"
      />,
    );
    expect(screen.getByTestId('raised')).toHaveTextContent('$20.50 raised of $30.75');
  });

  test('Off Plan label', () => {
    renderUi(<PropertyCard property={{ ...property, type: 'OFF_PLAN' }} investHref="/x" />);
    expect(screen.getAllByText('Off Plan').length).toBeGreaterThan(0);
  });

  test('image: intrinsic size, srcset, lazy unless priority, alt text', () => {
    const { rerender } = renderUi(<PropertyCard property={property} investHref="/x" />);
    const img = screen.getByRole('img', { name: 'Photo of Maple Court Residences' });
    expect(img).toHaveAttribute('src', '/download/maple.jpg');
    expect(img).toHaveAttribute('srcset', property.images[0].srcset);
    expect(img).toHaveAttribute('sizes');
    expect(img).toHaveAttribute('loading', 'lazy');
    // The frame's 4 / 3 aspect ratio is CSS jsdom cannot read; the intrinsic size is reserved too.
    expect(img).toHaveAttribute('width', '960');
    expect(img).toHaveAttribute('height', '720');
    rerender(<PropertyCard property={property} investHref="/x" priority />);
    const eager = screen.getByRole('img', { name: 'Photo of Maple Court Residences' });
    expect(eager).toHaveAttribute('loading', 'eager');
    expect(eager).toHaveAttribute('fetchpriority', 'high');
  });

  test('no image: a placeholder, no broken img', () => {
    renderUi(<PropertyCard property={{ ...property, images: [] }} investHref="/x" />);
    expect(screen.queryByRole('img', { name: /Photo of/ })).not.toBeInTheDocument();
  });

  test('Invest now goes where the caller says (plain link)', () => {
    renderUi(<PropertyCard property={property} investHref="/login" />);
    const link = screen.getByRole('link', { name: 'Invest now' });
    expect(link).toHaveAttribute('href', '/login');
    expect(link).toHaveAccessibleDescription('Maple Court Residences');
  });

  test('Invest now through a router link component', () => {
    const FakeLink = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }>(function FakeLink(
      { to, ...rest },
      ref,
    ) {
      return <a ref={ref} href={to} data-router="yes" {...rest} />;
    });
    renderUi(<PropertyCard property={property} investHref="/properties/p1" linkComponent={FakeLink} />);
    const link = screen.getByRole('link', { name: 'Invest now' });
    expect(link).toHaveAttribute('href', '/properties/p1');
    expect(link).toHaveAttribute('data-router', 'yes');
  });
});

describe('PropertyGrid', () => {
  test('a list of cards in auto-fit columns of at least 20rem', () => {
    renderUi(
      <PropertyGrid aria-label="Properties">
        <PropertyCard property={property} investHref="/a" />
        <PropertyCard property={{ ...property, _id: 'p2', name: 'Second' }} investHref="/b" />
      </PropertyGrid>,
    );
    const list = screen.getByRole('list', { name: 'Properties' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(getComputedStyle(list).gridTemplateColumns).toContain('repeat(auto-fit, minmax(min(20rem, 100%), 1fr))');
  });
});
