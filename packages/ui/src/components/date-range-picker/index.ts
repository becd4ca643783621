export {
  DateRangePicker,
  type DateRangePickerProps,
  type DateRangeValue,
} from './date-range-picker.tsx';
export {
  dateRangePresets,
  formatDateRange,
  previousPeriod,
  rangeLength,
  type DateRange,
  type DateRangePreset,
  type DateRangePresetId,
} from './date-range.ts';
