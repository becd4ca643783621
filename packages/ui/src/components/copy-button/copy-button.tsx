import * as React from 'react';
import { Button, IconButton } from '@radix-ui/themes';
import { CheckIcon, CopyIcon } from '@radix-ui/react-icons';
import { cva, type VariantProps } from 'class-variance-authority';
import { toast } from '../toast/index.ts';
import { copyText } from './copy-text.ts';

export const copyButtonVariants = cva('vd-copy-button', {
  variants: {
    /** `icon` shows only the icon (the label stays the accessible name); `label` shows both. */
    display: { label: 'vd-copy-button--label', icon: 'vd-copy-button--icon' },
  },
  defaultVariants: { display: 'label' },
});

/** How long the button shows its "copied" state. */
export const COPIED_STATE_MS = 2000;

export interface CopyButtonProps
  extends
    Omit<React.ComponentPropsWithoutRef<'button'>, 'value' | 'children' | 'color'>,
    VariantProps<typeof copyButtonVariants> {
  /** The text copied to the clipboard. */
  value: string;
  /** Visible label (and accessible name), e.g. "Copy link". */
  label?: string;
  /** Toast title after a successful copy. */
  successMessage?: string;
  size?: '1' | '2' | '3';
  variant?: 'soft' | 'surface' | 'outline' | 'ghost';
  onCopied?: (value: string) => void;
  onCopyError?: (error: unknown) => void;
}

/** Copies a value (a link, a code) to the clipboard and confirms with a toast. */
export const CopyButton = React.forwardRef<HTMLButtonElement, CopyButtonProps>(function CopyButton(
  {
    value,
    label = 'Copy',
    successMessage = 'Copied to clipboard',
    display,
    size = '2',
    variant = 'soft',
    onCopied,
    onCopyError,
    onClick,
    className,
    ...rest
  },
  ref,
) {
  const [copied, setCopied] = React.useState(false);

  React.useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_STATE_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const handleClick = async (event: React.MouseEvent<HTMLButtonElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    try {
      await copyText(value, event.currentTarget.ownerDocument);
      setCopied(true);
      toast({ title: successMessage });
      onCopied?.(value);
    } catch (error) {
      toast({
        title: 'Could not copy',
        description: 'Your browser blocked the clipboard. Select the text and copy it by hand.',
        variant: 'destructive',
      });
      onCopyError?.(error);
    }
  };

  const Icon = copied ? CheckIcon : CopyIcon;
  const common = {
    ref,
    type: 'button' as const,
    size,
    variant,
    color: copied ? ('mint' as const) : ('gray' as const),
    'data-slot': 'copy-button',
    'data-copied': copied ? '' : undefined,
    className: copyButtonVariants({ display, className }),
    onClick: handleClick,
    ...rest,
  };

  return display === 'icon' ? (
    <IconButton {...common} aria-label={copied ? 'Copied' : label}>
      <Icon aria-hidden />
    </IconButton>
  ) : (
    <Button {...common}>
      <Icon aria-hidden />
      {/* The success state says so; the width stays that of the longer word. */}
      <span className="vd-copy-button__label" data-copied={copied ? '' : undefined}>
        <span aria-hidden={copied || undefined}>{label}</span>
        <span aria-hidden={!copied || undefined}>Copied</span>
      </span>
    </Button>
  );
});
