import { screen } from '@testing-library/react';
import { renderUi } from '../testing/render';
import { ProgressBar } from './progress-bar';

const fill = () => screen.getByTestId('progress-fill');

describe('ProgressBar', () => {
  test('role progressbar with aria values and width = current / max', () => {
    renderUi(<ProgressBar current={30} max={120} label="Amount raised" />);
    const bar = screen.getByRole('progressbar', { name: 'Amount raised' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveAttribute('aria-valuetext', '25%');
    expect(fill()).toHaveStyle({ width: '25%' });
  });

  test('clamps above 100 and below 0', () => {
    const { rerender } = renderUi(<ProgressBar current={500} max={100} />);
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(fill()).toHaveStyle({ width: '100%' });
    rerender(<ProgressBar current={-20} max={100} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(fill()).toHaveStyle({ width: '0%' });
  });

  test('a zero maximum is 0%', () => {
    renderUi(<ProgressBar current={10} max={0} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  test('valueText overrides the spoken value', () => {
    renderUi(<ProgressBar current={1} max={3} valueText="$1 raised of $3" />);
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '33');
    expect(bar).toHaveAttribute('aria-valuetext', '$1 raised of $3');
  });
});
