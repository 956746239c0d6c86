import { render } from '@testing-library/react';
import { ChartSvg, niceTicks } from './chart-svg';

test('axis ticks are round steps from zero past the largest value', () => {
  expect(niceTicks(87)).toEqual([0, 20, 40, 60, 80, 100]);
  expect(niceTicks(1000)).toEqual([0, 200, 400, 600, 800, 1000]);
  expect(niceTicks(0.7)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  expect(niceTicks(0)).toEqual([0, 1]);
});

test('a donut draws one slice per non-zero value, with its value as a tooltip', () => {
  const { container } = render(
    <ChartSvg kind="donut" title="t" labels={['A', 'B', 'C']} series={[{ label: 'S', values: [3, 0, 1] }]} format={(n) => `$${n}`} />,
  );
  const slices = container.querySelectorAll('svg path');
  expect(slices).toHaveLength(2);
  expect([...container.querySelectorAll('svg title')].map((t) => t.textContent)).toEqual(['A: $3', 'C: $1']);
  expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
});

test('bars: one per value and series, grouped or stacked, with a legend for several series', () => {
  const props = {
    title: 't',
    labels: ['Jan', 'Feb'],
    series: [
      { label: 'X', values: [1, 2] },
      { label: 'Y', values: [3, 4] },
    ],
  };
  const grouped = render(<ChartSvg kind="bar" {...props} />);
  expect(grouped.container.querySelectorAll('svg rect')).toHaveLength(4);
  expect(grouped.container.querySelectorAll('li')).toHaveLength(2);
  grouped.unmount();
  const stacked = render(<ChartSvg kind="bar" stacked horizontal {...props} />);
  const heights = [...stacked.container.querySelectorAll('svg rect')].map((r) => Number(r.getAttribute('height')));
  expect(new Set(heights).size).toBe(1);
});

test('a line chart draws a path per series, points with tooltips, and the area when asked', () => {
  const { container } = render(
    <ChartSvg kind="line" area title="t" labels={['Mon', 'Tue', 'Wed']} series={[{ label: 'Sign-ups', values: [1, 4, 2] }]} />,
  );
  expect(container.querySelectorAll('svg circle')).toHaveLength(3);
  expect(container.querySelectorAll('svg path')).toHaveLength(2);
  expect(container.querySelector('svg circle title')).toHaveTextContent('Mon · Sign-ups: 1');
});
