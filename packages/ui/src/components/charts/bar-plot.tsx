import { Bar } from 'recharts';
import { TimeSeriesPlot } from './time-series-plot.tsx';
import type { ChartDatum, ChartFormatters, ChartSeries } from './time-series.ts';

export interface BarPlotProps {
  data: readonly ChartDatum[];
  series: readonly ChartSeries<ChartDatum>[];
  formatters: ChartFormatters;
  animate: boolean | 'auto';
}

/** BarChart's plot: bars per period, previous periods as dashed outlines (loaded on first use). */
export function BarPlot({ data, series, formatters, animate }: BarPlotProps) {
  return (
    <TimeSeriesPlot
      data={data}
      series={series}
      formatters={formatters}
      placement="band"
      cursor={{ fill: 'var(--gray-a3)' }}
      legendIcon="square"
      renderSeries={(s, { color, axis, barFill }) => (
        <Bar
          key={s.key}
          yAxisId={axis}
          dataKey={s.key}
          name={s.label}
          // Current bars fade from their colour; the previous period is a dashed outline.
          fill={s.previous ? 'transparent' : barFill}
          stroke={s.previous ? color : undefined}
          strokeDasharray={s.previous ? '4 3' : undefined}
          strokeWidth={s.previous ? 1.5 : 0}
          radius={[4, 4, 0, 0]}
          maxBarSize={40}
          isAnimationActive={animate}
        />
      )}
    />
  );
}
