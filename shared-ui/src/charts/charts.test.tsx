import { render, screen, within } from '@testing-library/react';
import { BarChart, DonutChart, LineChart } from './index';

const money = (n: number) => `$${n.toFixed(2)}`;

test('a bar chart lists its figures in an accessible table', () => {
  render(
    <BarChart title="Invested by month" labels={['Jan', 'Feb']} series={[{ label: 'Invested', values: [1200, 3400.5] }]} format={money} />,
  );
  expect(screen.getByRole('figure', { name: 'Invested by month' })).toBeInTheDocument();
  const table = screen.getByRole('table', { name: 'Invested by month' });
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(3);
  expect(within(rows[2]).getByRole('rowheader')).toHaveTextContent('Feb');
  expect(within(rows[2]).getByRole('cell')).toHaveTextContent('$3400.50');
});

test('a donut uses only the first series; numbers default to comma thousands', () => {
  render(
    <DonutChart
      title="By type"
      labels={['Off Plan', 'Rental Ready']}
      series={[
        { label: 'Amount', values: [12000, 3000] },
        { label: 'Ignored', values: [1, 1] },
      ]}
    />,
  );
  const table = screen.getByRole('table', { name: 'By type' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((c) => c.textContent),
  ).toEqual(['Label', 'Amount']);
  expect(table).toHaveTextContent('12,000');
});

test('no data: an empty state instead of an empty chart', () => {
  render(<LineChart title="Sign-ups" labels={['Mon']} series={[{ label: 'Investors', values: [0] }]} />);
  expect(screen.getByText('No data yet')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});
