export {
  SegmentedControl,
  segmentedControlVariants,
  type SegmentedControlOption,
  type SegmentedControlProps,
} from './segmented-control.tsx';
