import { fireEvent, screen } from '@testing-library/react';
import { renderUi } from '../testing/render';
import { AVATAR_SIZES, Avatar, initials } from './avatar';

describe('Avatar', () => {
  test.each(Object.entries(AVATAR_SIZES))('size %s is %ipx', (size, px) => {
    renderUi(<Avatar name="Ada Lovelace" size={size as keyof typeof AVATAR_SIZES} />);
    const avatar = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(avatar).toHaveAttribute('data-size', size);
    expect(avatar).toHaveStyle({ width: `${px}px`, height: `${px}px` });
  });

  test('the five spec sizes', () => {
    expect(Object.keys(AVATAR_SIZES)).toEqual(['SM', 'MD', 'LG', 'XL', 'XXL']);
  });

  test('an image URL renders an img with the name as alt text', () => {
    renderUi(<Avatar name="Ada Lovelace" src="/download/ada.webp" size="LG" />);
    const img = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(img.tagName).toBe('IMG');
    expect(img).toHaveAttribute('src', '/download/ada.webp');
  });

  test('without an image: initials, labelled by the name', () => {
    renderUi(<Avatar name="Ada Lovelace" />);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
  });

  test('a broken image falls back to the initials', () => {
    renderUi(<Avatar name="Grace Hopper" src="/broken.png" />);
    fireEvent.error(screen.getByRole('img', { name: 'Grace Hopper' }));
    const fallback = screen.getByRole('img', { name: 'Grace Hopper' });
    expect(fallback.tagName).not.toBe('IMG');
    expect(fallback).toHaveTextContent('GH');
  });

  test('initials', () => {
    expect(initials('ada')).toBe('A');
    expect(initials('  Ada   King Lovelace ')).toBe('AL');
    expect(initials('')).toBe('?');
  });
});
