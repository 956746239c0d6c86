import { screen } from '@testing-library/react';
import { Link } from '../router-links';
import { MemoryRouter } from '../testing';
import { renderUi } from '../testing/render';
import { BUTTON_SIZES, BUTTON_VARIANTS } from './button-looks';
import { BaseButton } from './base-button';
import { Button } from './button';

describe('BaseButton (the first screen’s button, no MUI)', () => {
  test('a <button type="button"> by default, clickable; submit when asked; disabled refuses clicks', async () => {
    const onClick = jest.fn();
    const { user } = renderUi(
      <>
        <BaseButton onClick={onClick}>Subscribe</BaseButton>
        <BaseButton type="submit">Send</BaseButton>
        <BaseButton disabled onClick={onClick}>
          Off
        </BaseButton>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('type', 'submit');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await user.click(screen.getByRole('button', { name: 'Off' })).catch(() => undefined);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Off' })).toBeDisabled();
  });

  test('a router link with `to` and `component`, a plain link with `href`', () => {
    renderUi(
      <MemoryRouter>
        <BaseButton component={Link} to="/properties" variant="outline-white" size="LG">
          Browse properties
        </BaseButton>
        <BaseButton href="/login">Log In</BaseButton>
      </MemoryRouter>,
    );
    const browse = screen.getByRole('link', { name: 'Browse properties' });
    expect(browse).toHaveAttribute('href', '/properties');
    expect(browse).toHaveAttribute('data-variant', 'outline-white');
    expect(browse).toHaveAttribute('data-size', 'LG');
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  test.each(BUTTON_VARIANTS.flatMap((v) => BUTTON_SIZES.map((s) => [v, s] as const)))(
    '%s %s looks like the MUI Button: colours, height, size, padding, radius, border',
    (variant, size) => {
      renderUi(
        <>
          <Button variant={variant} size={size}>
            mui
          </Button>
          <BaseButton variant={variant} size={size}>
            base
          </BaseButton>
        </>,
      );
      const a = getComputedStyle(screen.getByRole('button', { name: 'mui' }));
      const b = getComputedStyle(screen.getByRole('button', { name: 'base' }));
      for (const p of [
        'color',
        'background-color',
        'min-height',
        'font-size',
        'font-weight',
        'line-height',
        'padding-left',
        'padding-right',
        'padding-top',
        'border-radius',
        'border-top-width',
        'border-top-color',
        'text-decoration',
        'text-transform',
        'min-width',
      ])
        expect([p, b.getPropertyValue(p)]).toEqual([p, a.getPropertyValue(p)]);
    },
  );
});
