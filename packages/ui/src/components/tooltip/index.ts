export { Tooltip, tooltipVariants, type TooltipProps } from './tooltip.tsx';
