import type { TooltipContentProps } from 'recharts';

interface ChartTooltipContentProps extends Partial<TooltipContentProps<number, string>> {
  formatDate: (date: Date) => string;
  formatValue: (value: number) => string;
}

/**
 * The chart's tooltip on the kit's one tooltip surface (`vd-tooltip-surface`, as the UI Tooltip):
 * the date, then one row per series with its colour, name and formatted value.
 */
export function ChartTooltipContent({
  active,
  payload,
  label,
  formatDate,
  formatValue,
}: ChartTooltipContentProps) {
  if (!active || !payload || payload.length === 0) return null;
  return (
    <div className="vd-tooltip-surface vd-chart-tooltip" data-slot="chart-tooltip">
      <p className="vd-chart-tooltip__label">{formatDate(new Date(Number(label)))}</p>
      <ul className="vd-chart-tooltip__rows">
        {payload.map((item) => (
          <li key={String(item.dataKey)} className="vd-chart-tooltip__row">
            <span
              className="vd-chart-tooltip__swatch"
              style={{ background: item.color ?? item.stroke }}
              data-dashed={item.strokeDasharray ? '' : undefined}
              aria-hidden
            />
            <span className="vd-chart-tooltip__name">{item.name}</span>
            <span className="vd-chart-tooltip__value">
              {typeof item.value === 'number' ? formatValue(item.value) : '—'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
