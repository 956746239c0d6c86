import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { screen } from '@testing-library/react';
import { renderUi } from '../testing/render';
import { BUTTON_SIZES, BUTTON_VARIANTS, Button } from './button';

describe('Button', () => {
  test('loading shows exactly "Loading...", is disabled and busy', async () => {
    const onClick = jest.fn();
    const { user } = renderUi(
      <Button loading onClick={onClick}>
        Sign Up
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Loading...' });
    expect(button).toHaveTextContent(/^Loading\.\.\.$/);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Sign Up')).not.toBeInTheDocument();
    await user.click(button).catch(() => undefined);
    expect(onClick).not.toHaveBeenCalled();
  });

  test('not loading: children, enabled, clickable, not busy', async () => {
    const onClick = jest.fn();
    const { user } = renderUi(<Button onClick={onClick}>Sign Up</Button>);
    const button = screen.getByRole('button', { name: 'Sign Up' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).toHaveAttribute('type', 'button');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test.each(BUTTON_VARIANTS)('variant %s renders', (variant) => {
    renderUi(<Button variant={variant}>Go</Button>);
    expect(screen.getByRole('button', { name: 'Go' })).toHaveAttribute('data-variant', variant);
  });

  test.each(BUTTON_SIZES)('size %s renders', (size) => {
    renderUi(<Button size={size}>Go</Button>);
    expect(screen.getByRole('button', { name: 'Go' })).toHaveAttribute('data-size', size);
  });

  test('sizes grow from XS to LG', () => {
    renderUi(
      <>
        {BUTTON_SIZES.map((s) => (
          <Button key={s} size={s}>
            {s}
          </Button>
        ))}
      </>,
    );
    const heights = BUTTON_SIZES.map((s) => parseFloat(getComputedStyle(screen.getByRole('button', { name: s })).minHeight));
    expect(heights).toEqual([...heights].sort((a, b) => a - b));
    expect(new Set(heights).size).toBe(4);
  });

  test('href renders a link', () => {
    renderUi(<Button href="/signup">Get started</Button>);
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/signup');
  });

  test('to + component renders through the router link', () => {
    const FakeLink = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }>(function FakeLink(
      { to, ...rest },
      ref,
    ) {
      return <a ref={ref} href={`#router${to}`} data-router="yes" {...rest} />;
    });
    renderUi(
      <Button component={FakeLink} to="/properties/p1">
        Invest now
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Invest now' });
    expect(link).toHaveAttribute('href', '#router/properties/p1');
    expect(link).toHaveAttribute('data-router', 'yes');
  });

  test('to without a component falls back to a plain link', () => {
    renderUi(<Button to="/login">Log In</Button>);
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  test('type submit, fullWidth and startIcon pass through', () => {
    renderUi(
      <form>
        <Button type="submit" fullWidth startIcon={<svg data-testid="icon" />}>
          Send
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Send' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button.className).toMatch(/fullWidth/);
    expect(screen.getByTestId('icon')).toBeInTheDocument();
  });

  test('disabled', () => {
    renderUi(<Button disabled>Nope</Button>);
    expect(screen.getByRole('button', { name: 'Nope' })).toBeDisabled();
  });
});
