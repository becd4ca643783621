import type { ReactElement, Ref } from 'react';
import { Button } from '../components/button';
import { Toaster } from '../components/toast';
import { VerdantTheme } from '../components/verdant-theme';

/** What every component must accept and pass on: a ref, an extra class name and any other prop. */
export interface ConformanceProps {
  ref: Ref<HTMLElement>;
  className: string;
  'data-conformance': string;
}

export interface ConformanceCase {
  name: string;
  /** Renders the component with the given props spread on it (cast the ref to its element type). */
  render: (props: ConformanceProps) => ReactElement;
  /**
   * The element that must carry the class name and the rest props, when that is not the element the
   * ref points at (e.g. a labelled checkbox whose ref reaches the control). Defaults to the ref.
   */
  root?: (refTarget: HTMLElement) => Element | null;
}

/**
 * One row per component, in the order of src/index.ts. Add a row with every new component.
 * Components whose root is portalled render open, so the part is in the document.
 */
export const conformanceCases: ConformanceCase[] = [
  { name: 'VerdantTheme', render: (p) => <VerdantTheme {...p} ref={p.ref as Ref<HTMLDivElement>} /> },
  { name: 'Button', render: (p) => <Button {...p} ref={p.ref as Ref<HTMLButtonElement>}>Save</Button> },
  { name: 'Toaster', render: (p) => <Toaster {...p} ref={p.ref as Ref<HTMLOListElement>} /> },
];
