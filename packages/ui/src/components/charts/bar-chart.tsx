import * as React from 'react';
import type { BarPlotProps } from './bar-plot.tsx';
import { ChartFrame, type TimeSeriesChartProps } from './chart-frame.tsx';
import { lazyWithPreload } from '../../utils/lazy-with-preload.tsx';
import type { ChartDatum, ChartSeries } from './time-series.ts';

export type BarChartProps<T extends ChartDatum> = TimeSeriesChartProps<T>;

/** The plot's code (recharts), loaded on first use. */
export const BarPlot = lazyWithPreload<BarPlotProps>(() =>
  import('./bar-plot.tsx').then((module) => module.BarPlot),
);

function BarChartImpl<T extends ChartDatum>(
  { series, animate = 'auto', ...rest }: BarChartProps<T>,
  ref: React.ForwardedRef<HTMLElement>,
) {
  // Asked for while the data is still loading, so the plot can draw as soon as it arrives.
  React.useEffect(() => void BarPlot.preload().catch(() => {}), []);
  return (
    <ChartFrame
      ref={ref}
      series={series}
      {...rest}
      renderPlot={(formatters) => (
        <BarPlot
          data={rest.data}
          series={series as readonly ChartSeries<ChartDatum>[]}
          formatters={formatters}
          animate={animate}
        />
      )}
    />
  );
}

/**
 * Values per period as bars (clicks, sales, earnings per day or month), with a text summary and a
 * data table. A `previous` series draws as dashed outlines beside the current bars.
 */
export const BarChart = React.forwardRef(BarChartImpl) as <T extends ChartDatum>(
  props: BarChartProps<T> & { ref?: React.Ref<HTMLElement> },
) => React.ReactElement | null;
