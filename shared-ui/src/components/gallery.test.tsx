import { screen, waitFor } from '@testing-library/react';
import { renderUi } from '../testing/render';
import { Gallery } from './gallery';

const images = [{ url: '/a.jpg' }, { url: '/b.jpg' }, { url: '/c.jpg', alt: 'Kitchen' }];
const shown = () => screen.getByRole('dialog').querySelector('img')!;

function setup(initialIndex = 0) {
  const onClose = jest.fn();
  const utils = renderUi(<Gallery open onClose={onClose} images={images} title="Maple Court" initialIndex={initialIndex} />);
  return { ...utils, onClose };
}

describe('Gallery', () => {
  test('shows the first image with alt text and its position', async () => {
    setup();
    expect(await screen.findByRole('dialog', { name: 'Maple Court' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Maple Court — image 1 of 3' })).toHaveAttribute('src', '/a.jpg');
    expect(screen.getByText('Image 1 of 3')).toBeInTheDocument();
  });

  test('next and previous arrows', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shown()).toHaveAttribute('src', '/b.jpg');
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(shown()).toHaveAttribute('src', '/a.jpg');
  });

  test('wraps around at the end (next from the last is the first)', async () => {
    const { user } = setup(2);
    expect(shown()).toHaveAttribute('src', '/c.jpg');
    expect(shown()).toHaveAttribute('alt', 'Kitchen');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shown()).toHaveAttribute('src', '/a.jpg');
  });

  test('wraps around at the start (previous from the first is the last)', async () => {
    const { user } = setup(0);
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(shown()).toHaveAttribute('src', '/c.jpg');
    expect(screen.getByText('Image 3 of 3')).toBeInTheDocument();
  });

  test('dots: one per image, the current one marked, clicking jumps', async () => {
    const { user } = setup();
    const dots = screen.getAllByRole('button', { name: /^Show image \d of 3$/ });
    expect(dots).toHaveLength(3);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('button', { name: 'Show image 3 of 3' }));
    expect(shown()).toHaveAttribute('src', '/c.jpg');
    expect(screen.getByRole('button', { name: 'Show image 3 of 3' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Show image 1 of 3' })).not.toHaveAttribute('aria-current');
  });

  test('keyboard: ArrowRight and ArrowLeft, wrapping both ways', async () => {
    const { user } = setup();
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toHaveAttribute('src', '/c.jpg');
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAttribute('src', '/a.jpg');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(shown()).toHaveAttribute('src', '/c.jpg');
  });

  test('Escape closes', async () => {
    const { user, onClose } = setup();
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('a single image has no arrows or dots', () => {
    renderUi(<Gallery open onClose={jest.fn()} images={[{ url: '/only.jpg' }]} title="One" />);
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show image/ })).not.toBeInTheDocument();
  });
});
