export type ChartKind = 'donut' | 'bar' | 'line';

export interface ChartSeries {
  label: string;
  values: number[];
}

export interface ChartProps {
  title: string;
  labels: string[];
  series: ChartSeries[];
  /** Formats values in tooltips, axes and the data table (e.g. formatMoney). */
  format?: (n: number) => string;
  height?: number;
  /** Bar charts. */
  stacked?: boolean;
  horizontal?: boolean;
  /** Line charts: fill the area under the line. */
  area?: boolean;
}
