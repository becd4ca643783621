import * as React from 'react';
import { Popover } from '@radix-ui/themes';
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from '@radix-ui/react-icons';
import { DayPicker, type DateRange as DayPickerRange } from 'react-day-picker';
import { Button } from '../button/button.tsx';
import { Switch } from '../switch/switch.tsx';
import { useControllableState } from '../../utils/use-controllable-state.ts';
import {
  dateRangePresets,
  formatDateRange,
  previousPeriod,
  sameRange,
  startOfDay,
  type DateRange,
} from './date-range.ts';

export interface DateRangeValue {
  range: DateRange;
  /** Whether charts should also show the previous period (see `previousPeriod`). */
  compare: boolean;
}

export interface DateRangePickerProps extends Omit<
  React.ComponentPropsWithoutRef<'button'>,
  'value' | 'defaultValue' | 'onChange'
> {
  value?: DateRangeValue;
  defaultValue?: DateRangeValue;
  /** Called when the user applies a new range or comparison. */
  onValueChange?: (value: DateRangeValue) => void;
  /** Reference day for the presets and the first shown month; defaults to today. */
  today?: Date;
  /** Latest selectable day; defaults to `today` (reports have no future). Pass `null` for none. */
  maxDate?: Date | null;
  /** Hides the "Compare to previous period" switch. */
  hideCompare?: boolean;
  /** Locale for the trigger text. */
  locale?: string;
  /** Months shown side by side; defaults to 2. */
  numberOfMonths?: number;
  /** Opens the popover initially (stories, visual tests). */
  defaultOpen?: boolean;
}

/**
 * A reporting-period picker: presets, a two-month range calendar and an optional comparison with
 * the previous period of the same length. Changes apply with the Apply button.
 */
export const DateRangePicker = React.forwardRef<HTMLButtonElement, DateRangePickerProps>(
  function DateRangePicker(
    {
      value: valueProp,
      defaultValue,
      onValueChange,
      today: todayProp,
      maxDate,
      hideCompare = false,
      locale,
      numberOfMonths = 2,
      defaultOpen = false,
      className,
      'aria-label': ariaLabel = 'Date range',
      ...rest
    },
    ref,
  ) {
    const today = React.useMemo(() => startOfDay(todayProp ?? new Date()), [todayProp]);
    const presets = React.useMemo(() => dateRangePresets(today), [today]);
    const [value, setValue] = useControllableState<DateRangeValue>({
      prop: valueProp,
      defaultProp: defaultValue ?? { range: presets[1]!.range, compare: false },
      onChange: onValueChange,
      caller: 'DateRangePicker',
    });
    const [open, setOpen] = React.useState(defaultOpen);
    const [draft, setDraft] = React.useState<DayPickerRange | undefined>(value.range);
    const [compare, setCompare] = React.useState(value.compare);
    const [month, setMonth] = React.useState(
      new Date(value.range.to.getFullYear(), value.range.to.getMonth() - (numberOfMonths - 1), 1),
    );

    const reset = () => {
      setDraft(value.range);
      setCompare(value.compare);
      setMonth(
        new Date(value.range.to.getFullYear(), value.range.to.getMonth() - (numberOfMonths - 1), 1),
      );
    };

    const dayLabel = React.useMemo(
      () =>
        new Intl.DateTimeFormat(locale, {
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        }),
      [locale],
    );
    const complete = draft?.from && draft.to ? { from: draft.from, to: draft.to } : undefined;
    const last = maxDate === null ? undefined : (maxDate ?? today);

    return (
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          if (next) reset();
          setOpen(next);
        }}
      >
        <Popover.Trigger>
          <button
            ref={ref}
            type="button"
            data-slot="date-range-picker"
            className={['vd-date-range-picker__trigger', className].filter(Boolean).join(' ')}
            {...rest}
          >
            <CalendarIcon aria-hidden />
            <span className="vd-visually-hidden">{`${ariaLabel}: `}</span>
            <span>{formatDateRange(value.range, locale)}</span>
            {value.compare ? (
              <>
                {' '}
                <span className="vd-date-range-picker__compare-tag">vs previous period</span>
              </>
            ) : null}
          </button>
        </Popover.Trigger>
        <Popover.Content
          className="vd-date-range-picker__panel"
          aria-label={`Choose ${ariaLabel.toLowerCase()}`}
          // No wider or taller than the room the viewport leaves it (less the popover's collision
          // padding), rather than Radix Themes' 480 px or nothing: two months side by side fit on a
          // desktop; on a phone the presets wrap and the months stack inside it, and what is taller
          // than the screen scrolls within the panel instead of past the screen's edge.
          maxWidth="var(--radix-popover-content-available-width)"
          maxHeight="var(--radix-popover-content-available-height)"
          data-slot="date-range-picker-panel"
        >
          <div className="vd-date-range-picker__layout">
            <ul className="vd-date-range-picker__presets" aria-label="Presets">
              {presets.map((preset) => {
                const active = sameRange(complete, preset.range);
                return (
                  <li key={preset.id}>
                    <button
                      type="button"
                      className="vd-date-range-picker__preset"
                      aria-pressed={active}
                      onClick={() => {
                        setDraft(preset.range);
                        setMonth(
                          new Date(
                            preset.range.to.getFullYear(),
                            preset.range.to.getMonth() - (numberOfMonths - 1),
                            1,
                          ),
                        );
                      }}
                    >
                      {preset.label}
                    </button>
                  </li>
                );
              })}
            </ul>
            <div className="vd-date-range-picker__main">
              <DayPicker
                mode="range"
                resetOnSelect
                selected={draft}
                onSelect={setDraft}
                month={month}
                onMonthChange={setMonth}
                numberOfMonths={numberOfMonths}
                disabled={last ? { after: last } : undefined}
                today={today}
                weekStartsOn={1}
                labels={{
                  labelPrevious: () => 'Previous month',
                  labelNext: () => 'Next month',
                  // The visible day number leads the name (WCAG label-in-name), e.g. "Tuesday 3 November 2026".
                  labelDayButton: (date, modifiers) =>
                    [
                      dayLabel.format(date),
                      modifiers.today ? 'today' : null,
                      modifiers.selected ? 'selected' : null,
                    ]
                      .filter(Boolean)
                      .join(', '),
                }}
                components={{
                  Chevron: ({ orientation }) =>
                    orientation === 'left' ? (
                      <ChevronLeftIcon aria-hidden />
                    ) : (
                      <ChevronRightIcon aria-hidden />
                    ),
                }}
              />
              <div className="vd-date-range-picker__footer">
                {!hideCompare ? (
                  <div className="vd-date-range-picker__compare">
                    <Switch
                      size="sm"
                      label="Compare to previous period"
                      checked={compare}
                      onCheckedChange={(checked) => setCompare(checked === true)}
                    />
                    {compare && complete ? (
                      <span className="vd-date-range-picker__previous">
                        {formatDateRange(previousPeriod(complete), locale)}
                      </span>
                    ) : null}
                  </div>
                ) : (
                  <span />
                )}
                <div className="vd-date-range-picker__actions">
                  <Popover.Close>
                    <Button variant="ghost" size="sm">
                      Cancel
                    </Button>
                  </Popover.Close>
                  <Button
                    size="sm"
                    disabled={!complete}
                    onClick={() => {
                      if (!complete) return;
                      setValue({ range: complete, compare });
                      setOpen(false);
                    }}
                  >
                    Apply
                  </Button>
                </div>
              </div>
            </div>
          </div>
        </Popover.Content>
      </Popover.Root>
    );
  },
);
