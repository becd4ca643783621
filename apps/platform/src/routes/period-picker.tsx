import { Flex, Heading } from '@radix-ui/themes';
import { SegmentedControl } from '@verdant/ui';
import { RANGE_OPTIONS, type RangeValue } from './vendor-format.ts';

/**
 * The 7 / 30 / 90-day control the dashboards share, with the section heading it governs when
 * there is one ("Last 30 days").
 */
export function PeriodPicker({
  label,
  value,
  onChange,
  heading,
}: {
  /** The control's accessible name, e.g. "Dashboard period". */
  label: string;
  value: RangeValue;
  onChange: (value: RangeValue) => void;
  heading?: string;
}) {
  return (
    <Flex justify={heading ? 'between' : 'end'} align="center" gap="3" wrap="wrap">
      {heading ? (
        <Heading as="h2" size="4">
          {heading}
        </Heading>
      ) : null}
      <SegmentedControl
        aria-label={label}
        options={RANGE_OPTIONS}
        value={value}
        onValueChange={onChange}
      />
    </Flex>
  );
}
