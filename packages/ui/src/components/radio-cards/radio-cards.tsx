import * as React from 'react';
import { RadioCards as RadixRadioCards } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';

export const radioCardsVariants = cva('vd-radio-cards', {
  variants: {
    size: { sm: 'vd-radio-cards--sm', md: 'vd-radio-cards--md', lg: 'vd-radio-cards--lg' },
  },
  defaultVariants: { size: 'md' },
});

export interface RadioCardsOption<V extends string = string> {
  value: V;
  label: React.ReactNode;
  description?: React.ReactNode;
  /** Decorative icon or illustration at the start of the card. */
  icon?: React.ReactNode;
  /** Something on the card's end, e.g. a price or a Badge. */
  aside?: React.ReactNode;
  disabled?: boolean;
}

type RootProps = React.ComponentPropsWithoutRef<typeof RadixRadioCards.Root>;

export interface RadioCardsProps<V extends string = string>
  extends
    Omit<
      RootProps,
      'value' | 'defaultValue' | 'onValueChange' | 'size' | 'children' | 'variant' | 'color'
    >,
    VariantProps<typeof radioCardsVariants> {
  options: readonly RadioCardsOption<V>[];
  value?: V;
  defaultValue?: V;
  onValueChange?: (value: V) => void;
  /** Names the group, e.g. "Account type". Required unless `aria-labelledby` is given. */
  'aria-label'?: string;
}

const sizeLooks = { sm: '1', md: '2', lg: '3' } as const;

/**
 * A choice among a few options that each need a sentence (account type, plan, payout schedule),
 * shown as selectable cards. Behaves as a radio group: arrow keys move and select.
 */
function RadioCardsInner<V extends string>(
  {
    options,
    value,
    defaultValue,
    onValueChange,
    size,
    columns,
    className,
    ...rest
  }: RadioCardsProps<V>,
  ref: React.ForwardedRef<HTMLDivElement>,
) {
  return (
    <RadixRadioCards.Root
      ref={ref}
      data-slot="radio-cards"
      size={sizeLooks[size ?? 'md']}
      columns={
        columns ?? { initial: '1', sm: String(Math.min(options.length, 3)) as '1' | '2' | '3' }
      }
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange ? (next: string) => onValueChange(next as V) : undefined}
      className={radioCardsVariants({ size, className })}
      {...rest}
    >
      {options.map((option) => (
        <RadixRadioCards.Item
          key={option.value}
          value={option.value}
          disabled={option.disabled}
          data-slot="radio-cards-item"
          className="vd-radio-cards__item"
        >
          {option.icon ? (
            <span className="vd-radio-cards__icon" aria-hidden>
              {option.icon}
            </span>
          ) : null}
          <span className="vd-radio-cards__text">
            <span className="vd-radio-cards__label">{option.label}</span>
            {option.description ? (
              <span className="vd-radio-cards__description">{option.description}</span>
            ) : null}
          </span>
          {option.aside ? <span className="vd-radio-cards__aside">{option.aside}</span> : null}
        </RadixRadioCards.Item>
      ))}
    </RadixRadioCards.Root>
  );
}

export const RadioCards = React.forwardRef(RadioCardsInner) as <V extends string = string>(
  props: RadioCardsProps<V> & { ref?: React.Ref<HTMLDivElement> },
) => React.ReactElement;
