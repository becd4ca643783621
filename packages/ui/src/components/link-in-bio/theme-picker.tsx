import * as React from 'react';
import { CheckIcon } from '@radix-ui/react-icons';
import { RadioGroup } from 'radix-ui';
import { useControllableState } from '../../utils/use-controllable-state.ts';
import { linkPageThemeLabels, linkPageThemes, type LinkPageThemeName } from './link-page-themes.ts';

export interface ThemePickerProps extends Omit<
  React.ComponentPropsWithoutRef<typeof RadioGroup.Root>,
  'value' | 'defaultValue' | 'onValueChange' | 'children' | 'orientation'
> {
  value?: LinkPageThemeName;
  defaultValue?: LinkPageThemeName;
  onValueChange?: (theme: LinkPageThemeName) => void;
  /** Names the group; defaults to "Page theme". */
  'aria-label'?: string;
}

/**
 * Chooses the theme of a link-in-bio page or storefront: one swatch per theme, a radio group. The
 * arrow keys (all four, wrapping at the ends) move to a theme and choose it.
 */
export const ThemePicker = React.forwardRef<HTMLDivElement, ThemePickerProps>(function ThemePicker(
  {
    value: valueProp,
    defaultValue = 'forest',
    onValueChange,
    className,
    'aria-label': ariaLabel = 'Page theme',
    ...rest
  },
  ref,
) {
  const [value, setValue] = useControllableState<LinkPageThemeName>({
    prop: valueProp,
    defaultProp: defaultValue,
    onChange: onValueChange,
    caller: 'ThemePicker',
  });
  // Radix moves the focus with an arrow key on the next frame and chooses only if the key is still
  // down then: a quick press (or one sent by assistive technology) moved without choosing. The
  // focus that an arrow key brings chooses here instead, however soon the key was released.
  const movedByKey = React.useRef(false);
  return (
    <RadioGroup.Root
      ref={ref}
      aria-label={ariaLabel}
      loop
      value={value}
      onValueChange={(next) => setValue(next as LinkPageThemeName)}
      data-slot="theme-picker"
      className={['vd-theme-picker', className].filter(Boolean).join(' ')}
      {...rest}
      onKeyDownCapture={(event) => {
        rest.onKeyDownCapture?.(event);
        movedByKey.current = /^Arrow(Left|Right|Up|Down)$/.test(event.key);
      }}
    >
      {linkPageThemes.map((theme) => (
        <RadioGroup.Item
          key={theme}
          value={theme}
          className="vd-theme-picker__item"
          aria-label={linkPageThemeLabels[theme]}
          onFocus={(event) => {
            if (!movedByKey.current) return;
            movedByKey.current = false;
            if (theme !== value) setValue(theme);
            // Chosen: Radix's own choice on this focus would ask for the same theme a second time.
            event.preventDefault();
          }}
        >
          <span className="vd-theme-picker__swatch" data-link-theme={theme} aria-hidden>
            <span className="vd-theme-picker__bar" />
            <span className="vd-theme-picker__bar" />
            <RadioGroup.Indicator className="vd-theme-picker__check">
              <CheckIcon />
            </RadioGroup.Indicator>
          </span>
          <span className="vd-theme-picker__label" aria-hidden>
            {linkPageThemeLabels[theme]}
          </span>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
});
