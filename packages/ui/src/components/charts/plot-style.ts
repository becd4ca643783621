import type { CSSProperties } from 'react';

/** Shared recharts styling in the dark theme's tokens. */
export const axisTick = { fill: 'var(--gray-11)', fontSize: 12 };
export const axisLine = { stroke: 'var(--gray-a6)' };
export const gridStroke = 'var(--gray-a4)';
export const chartMargin = { top: 8, right: 20, bottom: 0, left: 0 };

export const tooltipContentStyle: CSSProperties = {
  background: 'var(--color-panel-solid)',
  border: '1px solid var(--gray-a6)',
  borderRadius: 'var(--radius-3)',
  boxShadow: 'var(--shadow-4)',
  color: 'var(--gray-12)',
  fontSize: 'var(--font-size-1)',
};
export const tooltipLabelStyle: CSSProperties = { color: 'var(--gray-11)', marginBottom: 4 };
export const legendStyle: CSSProperties = {
  fontSize: 'var(--font-size-1)',
  color: 'var(--gray-11)',
};
