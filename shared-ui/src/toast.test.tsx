import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOAST_DURATION_MS } from 'shared-api/contract/basics';
import { AppThemeProvider } from './theme-provider';
import { ToastProvider, resetToasts, toast } from './toast';

function mount() {
  return render(
    <AppThemeProvider>
      <ToastProvider>
        <p>app</p>
      </ToastProvider>
    </AppThemeProvider>,
  );
}
const containerOf = (text: string) => screen.getByText(text).closest('.notistack-SnackbarContainer') as HTMLElement;

describe('toast helpers', () => {
  // First in the file: nothing mounted yet in this module registry.
  test('calls made before the provider mounts are shown once it does (usable outside React)', async () => {
    toast.error('Boot failed early');
    mount();
    expect(await screen.findByText('Boot failed early')).toBeInTheDocument();
  });

  test('success, error, info appear in the top-right app container with their variant', async () => {
    resetToasts();
    mount();
    act(() => {
      toast.success('Signed up successfully');
      toast.error('An error occured, please try again.');
      toast.info('Heads up');
    });
    expect(await screen.findByText('Signed up successfully')).toBeInTheDocument();
    expect(screen.getByText('Signed up successfully').closest('.notistack-MuiContent-success')).not.toBeNull();
    expect(screen.getByText('An error occured, please try again.').closest('.notistack-MuiContent-error')).not.toBeNull();
    expect(screen.getByText('Heads up').closest('.notistack-MuiContent-info')).not.toBeNull();
    expect(getComputedStyle(containerOf('Signed up successfully')).right).toMatch(/px$/);
    expect(screen.getAllByRole('alert').length).toBeGreaterThanOrEqual(3);
  });

  test('notice: top-center, dark, separate container, at most 3 at once', async () => {
    resetToasts();
    mount();
    act(() => {
      toast.success('App toast');
      for (let i = 1; i <= 5; i += 1) toast.notice(`Notice ${i}`);
    });
    expect(await screen.findByText('Notice 1')).toBeInTheDocument();
    expect(containerOf('Notice 1')).not.toBe(containerOf('App toast'));
    expect(getComputedStyle(containerOf('Notice 1')).left).toBe('50%');
    expect(getComputedStyle(containerOf('Notice 1')).right).toBe('');
    expect(screen.getByText('Notice 1').closest('.notistack-MuiContent-default')).not.toBeNull();
    // notistack keeps the rest queued: never more than 3 notices rendered at once.
    const rendered = [1, 2, 3, 4, 5].filter((i) => screen.queryByText(`Notice ${i}`));
    expect(rendered).toHaveLength(3);
    expect(screen.getByText('App toast')).toBeInTheDocument();
  });

  test('toasts can be dismissed with a button', async () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    resetToasts();
    mount();
    const user = userEvent.setup();
    act(() => toast.info('Dismiss me'));
    await screen.findByText('Dismiss me');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Dismiss me')).not.toBeInTheDocument());
  });

  test('a toast disappears on its own after 5000 ms, not before', async () => {
    resetToasts();
    jest.useFakeTimers();
    try {
      mount();
      act(() => toast.success('Auto hide'));
      let elapsed = 0;
      while (screen.queryByText('Auto hide') && elapsed < 20_000) {
        await act(async () => {
          await jest.advanceTimersByTimeAsync(250);
        });
        elapsed += 250;
      }
      // 5000 ms shown, then the exit transition.
      expect(elapsed).toBeGreaterThan(TOAST_DURATION_MS);
      expect(elapsed).toBeLessThanOrEqual(TOAST_DURATION_MS + 1000);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('toasts open below the app header (issue 16)', () => {
  test('the containers start under the header the page carries', async () => {
    resetToasts();
    const header = document.createElement('header');
    header.setAttribute('data-app-header', '');
    header.getBoundingClientRect = () => ({
      top: 0,
      bottom: 72,
      left: 0,
      right: 1366,
      width: 1366,
      height: 72,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    document.body.appendChild(header);
    mount();
    act(() => {
      toast.success('Saved below the header');
    });
    expect(await screen.findByText('Saved below the header')).toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue('--tessera-toast-top')).toBe('80px');
    expect(containerOf('Saved below the header')).toHaveClass('tessera-toasts-below-header');
    header.remove();
  });
});
