import { Area, Line } from 'recharts';
import { TimeSeriesPlot } from './time-series-plot.tsx';
import type { ChartDatum, ChartFormatters, ChartSeries } from './time-series.ts';

export interface LinePlotProps {
  data: readonly ChartDatum[];
  series: readonly ChartSeries<ChartDatum>[];
  formatters: ChartFormatters;
  animate: boolean | 'auto';
  area: boolean;
}

/** LineChart's plot: lines over gradient areas, previous periods dashed (loaded on first use). */
export function LinePlot({ data, series, formatters, animate, area }: LinePlotProps) {
  return (
    <TimeSeriesPlot
      data={data}
      series={series}
      formatters={formatters}
      cursor={{ stroke: 'var(--gray-a7)' }}
      legendIcon="plainline"
      renderSeries={(s, { color, axis, areaFill }) => {
        const shared = {
          yAxisId: axis,
          type: 'monotone' as const,
          dataKey: s.key,
          name: s.label,
          stroke: color,
          dot: false,
          activeDot: { r: 4, strokeWidth: 0 },
          connectNulls: false,
          isAnimationActive: animate,
        };
        return area && !s.previous ? (
          <Area key={s.key} {...shared} strokeWidth={2} fill={areaFill} />
        ) : (
          <Line
            key={s.key}
            {...shared}
            strokeWidth={s.previous ? 1.5 : 2}
            strokeDasharray={s.previous ? '5 4' : undefined}
          />
        );
      }}
    />
  );
}
