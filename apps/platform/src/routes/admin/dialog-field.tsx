import { Text } from '@radix-ui/themes';
import type { CSSProperties, KeyboardEvent, RefObject } from 'react';

const FIELD_STYLE: CSSProperties = {
  display: 'block',
  width: '100%',
  boxSizing: 'border-box',
  marginTop: 'var(--space-1)',
  padding: 'var(--space-2)',
  font: 'inherit',
  fontSize: 'var(--font-size-2)',
  lineHeight: 'var(--line-height-2)',
  color: 'var(--gray-12)',
  background: 'var(--color-surface)',
  border: '1px solid var(--gray-a7)',
  borderRadius: 'var(--radius-2)',
};

export interface DialogFieldProps {
  id: string;
  label: string;
  /** Help under the field, announced with it; with `showCount` followed by "used / max". */
  hint: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  /** Several lines (a reason, a note) instead of one (a reference). */
  multiline?: boolean;
  showCount?: boolean;
  fieldRef?: RefObject<HTMLTextAreaElement | HTMLInputElement | null>;
}

/**
 * Enter in a one-line field confirms its dialog, as it submits a one-line field of a form: it
 * presses the dialog's confirm button, which ignores it while the confirmation is under way.
 */
function confirmOnEnter(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
  const confirm = event.currentTarget
    .closest('[data-slot="confirm-dialog"]')
    ?.querySelector<HTMLButtonElement>('[data-slot="confirm-dialog-confirm"]');
  if (!confirm) return;
  event.preventDefault();
  confirm.click();
}

/**
 * A labelled text field inside a confirmation dialog's description. The description is a
 * paragraph, so the label, the field and its hint are phrasing content (a label, a native field and
 * spans shown as blocks), never the block elements of the kit's Field. Enter in a one-line field
 * confirms the dialog; in a multiline one it adds a line.
 */
export function DialogField({
  id,
  label,
  hint,
  value,
  onChange,
  maxLength,
  multiline = false,
  showCount = false,
  fieldRef,
}: DialogFieldProps) {
  const hintId = `${id}-hint`;
  const common = {
    id,
    value,
    maxLength,
    'aria-describedby': hintId,
  };
  return (
    <>
      <Text
        as="label"
        htmlFor={id}
        size="2"
        weight="medium"
        highContrast
        style={{ display: 'block', marginTop: 'var(--space-3)' }}
      >
        {label}
      </Text>
      {multiline ? (
        <textarea
          {...common}
          ref={fieldRef as RefObject<HTMLTextAreaElement | null> | undefined}
          rows={4}
          onChange={(event) => onChange(event.target.value)}
          style={{ ...FIELD_STYLE, minHeight: '88px', resize: 'vertical' }}
        />
      ) : (
        <input
          {...common}
          ref={fieldRef as RefObject<HTMLInputElement | null> | undefined}
          type="text"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={confirmOnEnter}
          style={FIELD_STYLE}
        />
      )}
      <Text as="span" id={hintId} size="1" style={{ display: 'block', marginTop: '4px' }}>
        {hint}
        {showCount ? ` ${value.length} / ${maxLength}` : ''}
      </Text>
    </>
  );
}
