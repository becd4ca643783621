import type { ReactElement, ReactNode } from 'react';
import { Tooltip } from '@radix-ui/themes';

/**
 * A collapsed sidebar item's label as a tooltip. A module of its own: the shell loads it when the
 * sidebar is first collapsed, so first pages do not carry the positioning engine.
 */
export default function AppShellTooltip({
  content,
  children,
}: {
  content: ReactNode;
  children: ReactElement;
}) {
  return (
    <Tooltip content={content} side="right">
      {children}
    </Tooltip>
  );
}
