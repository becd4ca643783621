import { cleanup, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { QRCode } from './qr-code.tsx';

afterEach(cleanup);

// QRCode renders an <svg>, so it is checked here rather than in the HTMLElement conformance table.
describe('QRCode conformance', () => {
  it('forwards its ref to the svg, merges className and passes other props on', () => {
    const ref = createRef<SVGSVGElement>();
    render(
      <QRCode
        value="https://verdant.example"
        ref={ref}
        className="extra"
        data-conformance="rest"
      />,
    );
    expect(ref.current).toBeInstanceOf(SVGSVGElement);
    expect(ref.current?.classList.contains('extra')).toBe(true);
    expect(ref.current?.classList.length).toBeGreaterThan(1);
    expect(ref.current?.getAttribute('data-conformance')).toBe('rest');
  });
});

describe('QRCode', () => {
  it('is an image named after what it encodes unless given a label', () => {
    const { rerender } = render(<QRCode value="https://verdant.example/s/greenhome" />);
    expect(
      screen.getByRole('img', { name: 'QR code for https://verdant.example/s/greenhome' }),
    ).toBeTruthy();
    rerender(
      <QRCode value="https://verdant.example/s/greenhome" label="Scan to open the storefront" />,
    );
    expect(screen.getByRole('img', { name: 'Scan to open the storefront' })).toBeTruthy();
  });

  it('scales its module grid to the requested size', () => {
    render(<QRCode value="abc" size={200} />);
    const svg = screen.getByRole('img');
    expect(svg.getAttribute('width')).toBe('200');
    const [, , w, h] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
    expect(w).toBe(h);
    expect(w).toBeGreaterThanOrEqual(21 + 8);
    expect(svg.getBoundingClientRect().width).toBe(200);
  });
});
