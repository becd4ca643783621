import { Flex, Text } from '@radix-ui/themes';
import { useId, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { useFieldControl, type FieldControlProps } from './field-context.ts';

interface LabelledControlProps<P extends FieldControlProps> {
  label: ReactNode;
  /** Help text under the row; the control is described by it. */
  description?: ReactNode;
  descriptionClassName?: string;
  /** Classes and style of the row. */
  className: string;
  style?: CSSProperties;
  /** `start`: the control before its label (checkbox); `end`: at the end of the row (switch). */
  controlAt: 'start' | 'end';
  /** The control's own props, completed from a surrounding `Field` and the description. */
  controlProps: P;
  renderControl: (props: P) => ReactElement;
}

/**
 * The row of a labelled toggle (checkbox, switch): the label wraps the control, so clicking the
 * text toggles it, and an optional description below is wired to the control's aria-describedby.
 */
export function LabelledControl<P extends FieldControlProps>({
  label,
  description,
  descriptionClassName,
  className,
  style,
  controlAt,
  controlProps,
  renderControl,
}: LabelledControlProps<P>) {
  const descriptionId = useId();
  const control = renderControl(
    useFieldControl(controlProps, description ? descriptionId : undefined),
  );
  return (
    <Flex direction="column" gap="1" className={className} style={style}>
      <Text as="label" size="2">
        <Flex gap="2" align="center" justify={controlAt === 'end' ? 'between' : undefined}>
          {controlAt === 'start' ? control : null}
          {label}
          {controlAt === 'end' ? control : null}
        </Flex>
      </Text>
      {description ? (
        <Text id={descriptionId} size="1" color="gray" className={descriptionClassName}>
          {description}
        </Text>
      ) : null}
    </Flex>
  );
}
