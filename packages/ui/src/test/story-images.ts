// Pictures for stories, drawn as SVG data URLs so that stories need no network.

/** A product photo stand-in drawn as SVG, so stories need no network. */
export function productImage(hue: number, shape: 'bottle' | 'bag' | 'lamp' = 'bottle') {
  const shapes = {
    bottle:
      '<rect x="130" y="60" width="60" height="150" rx="22" fill="#e8f5ef"/><rect x="146" y="36" width="28" height="30" rx="6" fill="#cfe9df"/>',
    bag: '<path d="M100 100h120l-12 110H112Z" fill="#f2eadb"/><path d="M130 100a30 30 0 0 1 60 0" stroke="#f2eadb" stroke-width="8" fill="none"/>',
    lamp: '<circle cx="160" cy="110" r="54" fill="#fff4c8"/><rect x="148" y="160" width="24" height="50" rx="6" fill="#e9e2c8"/>',
  };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 45% 32%)"/><stop offset="1" stop-color="hsl(${hue + 40} 50% 18%)"/></linearGradient></defs><rect width="320" height="240" fill="url(#g)"/>${shapes[shape]}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** A portrait stand-in: a gradient disc with a simple figure. */
export function avatarImage(hue: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="hsl(${hue} 40% 40%)"/><circle cx="48" cy="38" r="18" fill="hsl(${hue} 30% 85%)"/><path d="M14 96c4-22 18-32 34-32s30 10 34 32Z" fill="hsl(${hue} 30% 85%)"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
