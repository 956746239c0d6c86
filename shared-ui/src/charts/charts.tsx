// Charts for the dashboards: a titled figure, an SVG drawing (chart-svg.tsx), and the
// same figures as a table for screen readers and exports.
import { useId } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { Paper } from 'shared-ui/mui-surfaces';
import { formatNumber, visuallyHidden } from 'shared-ui/core';
import { EmptyState } from 'shared-ui/components';
import { ChartSvg } from './chart-svg';
import type { ChartKind, ChartProps } from './types';

function hasData({ labels, series }: ChartProps): boolean {
  return labels.length > 0 && series.some((s) => s.values.some((v) => Number.isFinite(v) && v !== 0));
}

function Figure(props: ChartProps & { kind: ChartKind }) {
  const { title, labels, series, format = formatNumber, kind } = props;
  const captionId = useId();
  const shown = kind === 'donut' ? series.slice(0, 1) : series;
  return (
    <Paper
      variant="outlined"
      component="figure"
      aria-labelledby={captionId}
      sx={{ m: 0, p: { xs: 2, sm: 2.5 }, position: 'relative', minWidth: 0 }}
    >
      <Typography component="figcaption" id={captionId} variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {hasData(props) ? (
        <>
          <ChartSvg {...props} format={format} />
          <Box component="table" sx={visuallyHidden}>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">Label</th>
                {shown.map((s) => (
                  <th key={s.label} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((l, i) => (
                <tr key={l}>
                  <th scope="row">{l}</th>
                  {shown.map((s) => (
                    <td key={s.label}>{format(s.values[i] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Box>
        </>
      ) : (
        <EmptyState title="No data yet" description="The chart appears once there is activity to show." />
      )}
    </Paper>
  );
}

/** Shares of a whole (uses the first series). */
export function DonutChart(props: ChartProps) {
  return <Figure {...props} kind="donut" />;
}
/** Values per category; `stacked` and `horizontal` as needed. */
export function BarChart(props: ChartProps) {
  return <Figure {...props} kind="bar" />;
}
/** Values over time; `area` fills under the line. */
export function LineChart(props: ChartProps) {
  return <Figure {...props} kind="line" />;
}
