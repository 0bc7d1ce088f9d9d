// The home page's bar chart (@mui/x-charts, ~79 kB brotli), a chunk of its own: the page's heading and
// figures paint without waiting for it, and on a phone it is below the fold (issue 39).
import { BarChart } from '@mui/x-charts/BarChart';

export interface DashboardChartProps {
  dataset: { label: string; [key: string]: string | number }[];
  series: { dataKey: string; label: string }[];
  height: number;
}

export const DashboardChart = ({ dataset, series, height }: DashboardChartProps) => (
  <BarChart
    dataset={dataset}
    xAxis={[{ scaleType: 'band', dataKey: 'label' }]}
    series={series}
    height={height}
    margin={{ left: 8, right: 8 }}
  />
);
