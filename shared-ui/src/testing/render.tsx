// Render with the real theme, the way the shell provides it.
import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppThemeProvider } from '../theme-provider';

export function renderUi(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  const user = userEvent.setup();
  return { user, ...render(ui, { wrapper: AppThemeProvider, ...options }) };
}
