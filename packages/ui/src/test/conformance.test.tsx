import { cleanup, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { VerdantTheme } from '../components/verdant-theme/index.ts';
import { conformanceCases } from './conformance-cases.tsx';

afterEach(cleanup);

describe.each(conformanceCases)('$name conformance', ({ render: renderCase, classNameTarget }) => {
  function mount() {
    const ref = createRef<HTMLElement>();
    render(
      <VerdantTheme>
        {renderCase({ ref, className: 'conformance-extra', 'data-conformance': 'rest' })}
      </VerdantTheme>,
    );
    return ref;
  }

  it('forwards its ref to a DOM element in the document', () => {
    const ref = mount();
    expect(ref.current).toBeInstanceOf(HTMLElement);
    expect(document.body.contains(ref.current)).toBe(true);
  });

  it('merges a given className with its own classes', () => {
    const ref = mount();
    const target = classNameTarget ? classNameTarget(ref.current!) : ref.current;
    expect(target?.classList.contains('conformance-extra')).toBe(true);
    expect(target?.classList.length).toBeGreaterThan(1);
  });

  it('passes other props through to the element it forwards its ref to', () => {
    const ref = mount();
    expect(ref.current?.getAttribute('data-conformance')).toBe('rest');
  });
});
