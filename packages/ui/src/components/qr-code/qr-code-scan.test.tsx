// The QR code must still scan with the logomark over its centre: render it as the apps do, paint
// the SVG into a canvas the way a screen shows it and read it back with a real QR decoder.
import '@radix-ui/themes/styles.css';
import '../../styles.css';
import { cleanup, render, screen } from '@testing-library/react';
import jsQR from 'jsqr';
import { afterEach, describe, expect, it } from 'vitest';
import { QRCode, type QRCodeProps } from './qr-code.tsx';

afterEach(cleanup);

/** A tracked link as the platform prints it: the app's origin, `/go/` and the link's code. */
const trackedLink = 'http://localhost:3000/go/AbC123xy';
/** The longest tracked link: a link code has at most 32 characters of `A–Z a–z 0–9 _ -`. */
const longestTrackedLink = `https://platform.verdant.example/go/${'Ab3_-xYz9Q'.repeat(3)}Zz`;
/** A vendor one-sheet link with campaign parameters, the longest content the kit's stories show. */
const oneSheetLink =
  'https://verdant.example/vendor-one-sheet?program=solar-living-spring-collection&utm_source=print&utm_medium=one-sheet&utm_campaign=trade-fair-2026';

/** Presentation properties a standalone SVG image needs, since the page's stylesheets do not reach it. */
const painted = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stop-color',
  'opacity',
] as const;

/**
 * Rasterises the rendered SVG at `scale` device pixels per CSS pixel, with the computed colours
 * written onto each element (CSS variables and classes do not travel into an image).
 */
async function rasterise(svg: SVGSVGElement, scale: number): Promise<ImageData> {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [clone, ...clone.querySelectorAll('*')];
  originals.forEach((element, i) => {
    const computed = getComputedStyle(element);
    const style = painted.map((name) => `${name}:${computed.getPropertyValue(name)}`).join(';');
    copies[i]?.setAttribute('style', style);
  });
  const { width, height } = svg.getBoundingClientRect();
  const pixels = { width: Math.round(width * scale), height: Math.round(height * scale) };
  clone.setAttribute('width', String(pixels.width));
  clone.setAttribute('height', String(pixels.height));
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');

  const url = URL.createObjectURL(
    new Blob([new XMLSerializer().serializeToString(clone)], { type: 'image/svg+xml' }),
  );
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = pixels.width;
    canvas.height = pixels.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas context');
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, pixels.width, pixels.height);
  } finally {
    URL.revokeObjectURL(url);
  }
}

function decode(image: ImageData): string | undefined {
  return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data;
}

async function scan(props: QRCodeProps, scale = 1) {
  render(<QRCode {...props} />);
  const svg = screen.getByRole('img') as unknown as SVGSVGElement;
  return { svg, text: decode(await rasterise(svg, scale)) };
}

// The sizes the apps and stories use: print (120), the link list (148), default (160), the
// one-sheet card (180) and the large presentation code (280).
const sizes = [120, 148, 160, 180, 280];

describe('QRCode scans with the logomark in its centre', () => {
  // The link as the platform shows it, on a 1× screen. The longest link needs a denser code (57
  // modules); at 120–160 CSS pixels that is under 3 device pixels a module on a 1× screen, too few
  // for a decoder even without the logo, so it is read as a 2× screen (phones, laptops) shows it.
  for (const [value, scale] of [
    [trackedLink, 1],
    [longestTrackedLink, 2],
  ] as const) {
    for (const size of sizes) {
      for (const frame of ['framed', 'plain'] as const) {
        it(`${value.length} characters at ${size}px, ${frame}, ${scale}×`, async () => {
          const { svg, text } = await scan({ value, size, frame }, scale);
          // The logomark really is there, over the modules.
          expect(svg.querySelector('[data-slot="qr-code-logo"] [data-slot="logomark"]')).not.toBe(
            null,
          );
          expect(text).toBe(value);
        });
      }
    }
  }

  it('with every error correction level a caller may choose next to the logo', async () => {
    for (const value of [trackedLink, longestTrackedLink]) {
      for (const errorCorrection of ['L', 'M', 'Q', 'H'] as const) {
        const { text } = await scan({ value, size: 160, errorCorrection }, 2);
        expect(text, `level ${errorCorrection}, ${value.length} characters`).toBe(value);
        cleanup();
      }
    }
  });

  it("raises L and M to Q under the logo, and keeps the caller's level on a bare code", () => {
    const modules = (props: QRCodeProps) => {
      render(<QRCode {...props} />);
      const side = screen.getByRole('img').getAttribute('viewBox')?.split(' ')[2];
      cleanup();
      return Number(side);
    };
    const q = modules({ value: trackedLink, errorCorrection: 'Q', logo: false });
    expect(modules({ value: trackedLink, errorCorrection: 'L' })).toBe(q);
    expect(modules({ value: trackedLink, errorCorrection: 'M' })).toBe(q);
    expect(modules({ value: trackedLink, errorCorrection: 'L', logo: false })).toBeLessThan(q);
  });

  it('long campaign content printed at 4× the screen resolution', async () => {
    const { text } = await scan({ value: oneSheetLink, size: 160 }, 4);
    expect(text).toBe(oneSheetLink);
  });

  it('the decoder is not fooled: a code with its centre blanked beyond repair does not scan', async () => {
    // Proves the check above measures the logo: covering a third of the code defeats level H.
    render(<QRCode value={trackedLink} size={160} logo={false} errorCorrection="L" />);
    const svg = screen.getByRole('img') as unknown as SVGSVGElement;
    const modules = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
    const cover = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
    const side = modules / 3;
    cover.setAttribute('x', String((modules - side) / 2));
    cover.setAttribute('y', String((modules - side) / 2));
    cover.setAttribute('width', String(side));
    cover.setAttribute('height', String(side));
    cover.setAttribute('fill', '#ffffff');
    svg.append(cover);
    expect(decode(await rasterise(svg, 1))).toBeUndefined();
  });
});
