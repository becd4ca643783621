import { Flex, Heading } from '@radix-ui/themes';
import { SegmentedControl } from '@verdant/ui';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { RANGE_OPTIONS, type RangeValue } from './vendor-format.ts';

const DEFAULT_PERIOD: RangeValue = '30';

/**
 * The dashboards' period, kept in the address (`?period=7`), so a reload, a bookmark or the back
 * button shows the same period. Anything but a known period reads as the default, 30 days.
 */
export function usePeriodParam(): [RangeValue, (value: RangeValue) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period = RANGE_OPTIONS.find((o) => o.value === raw)?.value ?? DEFAULT_PERIOD;
  const setPeriod = useCallback(
    (value: RangeValue) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === DEFAULT_PERIOD) next.delete('period');
          else next.set('period', value);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return [period, setPeriod];
}

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
