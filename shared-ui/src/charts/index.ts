export { DonutChart, BarChart, LineChart } from './charts';
export type { ChartProps, ChartSeries } from './types';
