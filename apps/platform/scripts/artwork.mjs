// Writes the artwork the seed data refers to (public/images/{products,merchants,courses}/*.svg).
// Run with `node scripts/artwork.mjs` from apps/platform; the output is committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'images');
const FONT = "Inter, 'Segoe UI', system-ui, sans-serif";
const LINE = '#eaf6ef';

/** Background tints per product category: [top, bottom, halo]. */
const TINTS = {
  home: ['#12332e', '#0b1f1c', '#1d4a42'],
  'personal-care': ['#2a2340', '#17142a', '#3b3160'],
  apparel: ['#1b2a45', '#0f182b', '#28406a'],
  outdoors: ['#1c3324', '#0e1d14', '#2b4d35'],
  kids: ['#3a2a14', '#21170b', '#5a4020'],
  food: ['#3a2218', '#21130d', '#563326'],
  office: ['#23303a', '#131b22', '#354856'],
};

const LABELS = {
  home: 'Home',
  'personal-care': 'Personal care',
  apparel: 'Apparel',
  outdoors: 'Outdoors',
  kids: 'Kids',
  food: 'Food & drink',
  office: 'Office',
};

const s = (width = 3) => `stroke="${LINE}" stroke-width="${width}" stroke-linejoin="round"`;

/** One illustrated object per product, drawn around (200, 140) within roughly 180 × 170. */
const OBJECTS = {
  'bamboo-toothbrush-set': () =>
    [130, 175, 220, 265]
      .map(
        (x, i) =>
          `<g transform="rotate(${(i - 1.5) * 6} ${x} 140)"><rect x="${x - 9}" y="90" width="18" height="120" rx="9" fill="#d9b27a" ${s()}/><rect x="${x - 7}" y="58" width="14" height="30" rx="3" fill="#f4efe4" ${s()}/><path d="M${x - 5} 66h10M${x - 5} 74h10M${x - 5} 82h10" stroke="#9fb8aa" stroke-width="2"/></g>`,
      )
      .join(''),
  'refillable-dish-soap': () =>
    `<path d="M190 58h20v22h-20z" fill="#cfd8d3" ${s()}/><path d="M210 64h28v8h-28z" fill="#cfd8d3" ${s()}/><path d="M165 80h70l10 30v100a12 12 0 0 1-12 12h-66a12 12 0 0 1-12-12V110z" fill="#6fcf97" fill-opacity=".35" ${s()}/><path d="M158 140h84v70a12 12 0 0 1-12 12h-60a12 12 0 0 1-12-12z" fill="#6fcf97"/><circle cx="185" cy="170" r="6" fill="${LINE}" opacity=".7"/><circle cx="205" cy="188" r="4" fill="${LINE}" opacity=".7"/>`,
  'beeswax-food-wraps': () =>
    `<rect x="110" y="80" width="130" height="130" rx="10" fill="#f2c14e" transform="rotate(-10 175 145)" ${s()}/><rect x="160" y="70" width="130" height="130" rx="10" fill="#e07a5f" transform="rotate(8 225 135)" ${s()}/><g fill="#fff3d6" opacity=".8"><circle cx="200" cy="110" r="6"/><circle cx="240" cy="140" r="6"/><circle cx="215" cy="170" r="6"/><circle cx="260" cy="100" r="6"/></g>`,
  'compostable-sponges': () =>
    `<rect x="120" y="130" width="160" height="64" rx="16" fill="#c9a36a" ${s()}/><rect x="130" y="86" width="150" height="52" rx="16" fill="#e6c98f" ${s()}/><g fill="#8a6a3d"><circle cx="160" cy="108" r="5"/><circle cx="195" cy="118" r="4"/><circle cx="230" cy="104" r="5"/><circle cx="255" cy="120" r="3"/><circle cx="150" cy="165" r="4"/><circle cx="200" cy="160" r="5"/><circle cx="250" cy="170" r="4"/></g>`,
  'wool-dryer-balls': () =>
    [
      [150, 165],
      [250, 165],
      [200, 100],
    ]
      .map(
        ([x, y], i) =>
          `<circle cx="${x}" cy="${y}" r="44" fill="${['#e9e4da', '#c7b8a3', '#a8c5b5'][i]}" ${s()}/><path d="M${x - 30} ${y - 14}q30 20 60 0M${x - 34} ${y + 8}q34 22 68 0M${x - 10} ${y - 40}q22 40 4 80" fill="none" stroke="#7d7468" stroke-width="2.5"/>`,
      )
      .join(''),
  'solid-shampoo-bar': () =>
    `<ellipse cx="200" cy="190" rx="95" ry="16" fill="#000" opacity=".25"/><rect x="115" y="100" width="170" height="86" rx="40" fill="#b9a6e8" ${s()}/><path d="M140 120q20-10 40 0" fill="none" stroke="#fff" stroke-width="3" opacity=".6"/><g fill="none" ${s(2.5)}><circle cx="150" cy="76" r="12"/><circle cx="178" cy="58" r="8"/><circle cx="250" cy="70" r="14"/></g>`,
  'organic-linen-towel': () =>
    `<rect x="110" y="160" width="180" height="44" rx="8" fill="#c9bfae" ${s()}/><rect x="120" y="118" width="160" height="44" rx="8" fill="#e8e0d0" ${s()}/><rect x="130" y="76" width="140" height="44" rx="8" fill="#f6f1e6" ${s()}/><path d="M130 92h140M120 134h160M110 176h180" stroke="#8fb7a3" stroke-width="4"/>`,
  'glass-spray-bottle': () =>
    `<path d="M180 56h44l14 18h-12v14h-46z" fill="#3a3f3c" ${s()}/><path d="M226 62h26v8h-26z" fill="#3a3f3c" ${s()}/><rect x="188" y="88" width="24" height="18" fill="#3a3f3c" ${s()}/><path d="M170 106h60q14 0 14 14v86a12 12 0 0 1-12 12h-64a12 12 0 0 1-12-12v-86q0-14 14-14z" fill="#9ad1c2" fill-opacity=".3" ${s()}/><path d="M158 150h84v56a12 12 0 0 1-12 12h-60a12 12 0 0 1-12-12z" fill="#9ad1c2" fill-opacity=".7"/><path d="M174 120v70" stroke="#fff" stroke-width="4" opacity=".5"/>`,
  'reusable-kitchen-towels': () =>
    `<rect x="115" y="70" width="170" height="140" rx="10" fill="#f2ede2" ${s()}/><g stroke="#e07a5f" stroke-width="6" opacity=".8"><path d="M115 100h170M115 180h170M150 70v140M250 70v140"/></g><rect x="115" y="70" width="170" height="140" rx="10" fill="none" ${s()}/>`,
  'natural-deodorant': () =>
    `<rect x="168" y="54" width="64" height="40" rx="10" fill="#f6f1e6" ${s()}/><rect x="160" y="94" width="80" height="120" rx="12" fill="#d9b27a" ${s()}/><path d="M178 130h44M178 146h30" stroke="#5b4a33" stroke-width="4" stroke-linecap="round"/><path d="M200 176c-16 0-16-20 0-26 16 6 16 26 0 26z" fill="#6fcf97"/>`,
  'recycled-rain-jacket': () =>
    `<path d="M170 62q30-22 60 0l50 24 16 70-28 8-6-36v96H138v-96l-6 36-28-8 16-70z" fill="#f2c14e" ${s()}/><path d="M172 62q28 40 56 0" fill="#e0a92e" ${s()}/><path d="M200 84v140" ${s()}/><path d="M160 160h22M218 160h22" ${s()}/>`,
  'organic-cotton-tee': () =>
    `<path d="M170 66q30 18 60 0l60 26-18 44-28-12v100H156V124l-28 12-18-44z" fill="#f6f1e6" ${s()}/><path d="M170 66q30 30 60 0" fill="none" ${s()}/><path d="M200 128c-20 0-20-28 0-36 20 8 20 36 0 36z" fill="#6fcf97"/><path d="M200 128v-22" stroke="#2f6b4a" stroke-width="2"/>`,
  'merino-hiking-socks': () =>
    [
      [150, 0, '#c7b8a3'],
      [220, 0, '#8fb7a3'],
    ]
      .map(
        ([x, , c]) =>
          `<path d="M${x - 22} 60h44v96l34 22a20 20 0 0 1-16 36H${x - 2}q-20 0-20-20z" fill="${c}" ${s()}/><path d="M${x - 22} 74h44M${x - 22} 84h44" stroke="#f6f1e6" stroke-width="3"/>`,
      )
      .join(''),
  'hemp-daypack': () =>
    `<path d="M170 70q0-20 30-20t30 20" fill="none" ${s(5)}/><rect x="140" y="70" width="120" height="150" rx="34" fill="#8a9a5b" ${s()}/><path d="M140 120q60 22 120 0" fill="none" ${s()}/><rect x="165" y="150" width="70" height="50" rx="10" fill="#6f7d47" ${s()}/><path d="M200 150v12" ${s()}/>`,
  'solar-camping-lantern': () =>
    `<path d="M150 62h100l-10 22h-80z" fill="#2d4a6b" ${s()}/><path d="M172 66l-4 14M200 66v14M228 66l4 14" stroke="#8fc1e8" stroke-width="2"/><rect x="162" y="84" width="76" height="100" rx="10" fill="#f2c14e" fill-opacity=".85" ${s()}/><circle cx="200" cy="134" r="24" fill="#fff6d6"/><rect x="156" y="184" width="88" height="26" rx="8" fill="#3a3f3c" ${s()}/><path d="M185 62q15-26 30 0" fill="none" ${s()}/>`,
  'insulated-steel-bottle': () =>
    `<rect x="180" y="44" width="40" height="30" rx="6" fill="#3a3f3c" ${s()}/><path d="M176 74h48q16 16 16 40v98a12 12 0 0 1-12 12h-56a12 12 0 0 1-12-12v-98q0-24 16-40z" fill="#5fa8a0" ${s()}/><path d="M178 110v90" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".35"/><path d="M160 150h80" stroke="#0e1d14" stroke-width="3" opacity=".4"/>`,
  'recycled-fleece-pullover': () =>
    `<path d="M168 66h64l58 24-14 100-26-4-4-56v94H154v-94l-4 56-26 4-14-100z" fill="#d46a4f" ${s()}/><path d="M174 66v20q26 12 52 0V66" fill="#b85640" ${s()}/><path d="M200 76v44" ${s()}/><path d="M154 204h92" stroke="#f6f1e6" stroke-width="3" stroke-dasharray="4 6"/>`,
  'cork-yoga-mat': () =>
    `<rect x="120" y="96" width="170" height="96" rx="10" fill="#c9935a" ${s()}/><ellipse cx="120" cy="144" rx="34" ry="48" fill="#b37d45" ${s()}/><path d="M120 144m-8 0a8 8 0 1 1 16 0a16 16 0 1 1-32 0a24 24 0 1 1 48 0" fill="none" stroke="#6b4623" stroke-width="3"/><g fill="#8a5a2c" opacity=".6"><circle cx="180" cy="120" r="3"/><circle cx="230" cy="150" r="3"/><circle cx="260" cy="118" r="3"/><circle cx="200" cy="170" r="3"/></g>`,
  'gear-repair-kit': () =>
    `<rect x="118" y="86" width="164" height="116" rx="16" fill="#5b7a66" ${s()}/><path d="M118 118h164" ${s()}/><rect x="150" y="136" width="56" height="46" rx="6" fill="#f2c14e" ${s()}/><path d="M156 142h44v34h-44z" fill="none" stroke="#5b4a33" stroke-width="2" stroke-dasharray="4 4"/><path d="M230 134l36 50" ${s()}/><circle cx="232" cy="137" r="4" fill="none" ${s(2)}/><path d="M232 137q-30 30 10 46" fill="none" stroke="#e07a5f" stroke-width="2.5"/>`,
  'kids-rubber-boots': () =>
    [
      [130, '#f2c14e'],
      [208, '#e07a5f'],
    ]
      .map(
        ([x, c]) =>
          `<path d="M${x} 70h50v100l26 10q10 4 10 16v14H${x}z" fill="${c}" ${s()}/><rect x="${x - 4}" y="64" width="58" height="14" rx="6" fill="${c}" ${s()}/><path d="M${x} 196h86" stroke="#3a3f3c" stroke-width="8"/>`,
      )
      .join(''),
  'fair-trade-coffee-beans': () =>
    `<path d="M146 76h108l10 140H136z" fill="#a0714f" ${s()}/><path d="M146 76l10-18h88l10 18" fill="#8a5d3e" ${s()}/><ellipse cx="200" cy="144" rx="22" ry="30" fill="#3b2417" ${s()}/><path d="M200 116q-12 28 0 56" fill="none" stroke="#a0714f" stroke-width="3"/><g fill="#3b2417" stroke="${LINE}" stroke-width="2"><ellipse cx="290" cy="196" rx="12" ry="16" transform="rotate(30 290 196)"/><ellipse cx="112" cy="200" rx="12" ry="16" transform="rotate(-30 112 200)"/></g>`,
  'loose-leaf-green-tea': () =>
    `<path d="M130 120h120v30a60 60 0 0 1-120 0z" fill="#f6f1e6" ${s()}/><path d="M250 132h12a16 16 0 0 1 0 32h-18" fill="none" ${s()}/><ellipse cx="190" cy="120" rx="60" ry="10" fill="#9bc26a"/><ellipse cx="200" cy="212" rx="86" ry="10" fill="#f6f1e6" ${s()}/><path d="M176 100c-20-20-6-46 24-50 10 28-4 50-24 50z" fill="#6fcf97" ${s(2)}/><path d="M178 98q10-20 20-44" stroke="#2f6b4a" stroke-width="2"/>`,
  'oat-milk-concentrate': () =>
    `<path d="M160 84l14-28h52l14 28v128a10 10 0 0 1-10 10h-60a10 10 0 0 1-10-10z" fill="#f6f1e6" ${s()}/><path d="M160 84h80" ${s()}/><rect x="184" y="40" width="32" height="18" rx="4" fill="#d9b27a" ${s()}/><path d="M200 196v-72" stroke="#c9935a" stroke-width="3"/><g fill="#d9b27a">${[
      0, 1, 2,
    ]
      .map(
        (i) =>
          `<ellipse cx="190" cy="${140 + i * 18}" rx="7" ry="11" transform="rotate(-30 190 ${140 + i * 18})"/><ellipse cx="210" cy="${132 + i * 18}" rx="7" ry="11" transform="rotate(30 210 ${132 + i * 18})"/>`,
      )
      .join('')}</g>`,
  'glass-storage-jars': () =>
    [
      [120, 100, '#c7b8a3', 64],
      [180, 76, '#f2c14e', 88],
      [242, 110, '#6fcf97', 54],
    ]
      .map(
        ([x, y, c, w]) =>
          `<rect x="${x}" y="${y}" width="${w}" height="${214 - y}" rx="12" fill="#cfe8e0" fill-opacity=".25" ${s()}/><rect x="${x + 6}" y="${y + (214 - y) / 2}" width="${w - 12}" height="${(214 - y) / 2 - 6}" rx="6" fill="${c}"/><rect x="${x - 4}" y="${y - 14}" width="${w + 8}" height="16" rx="4" fill="#d9b27a" ${s()}/>`,
      )
      .join(''),
  'bamboo-travel-cutlery': () =>
    `<g fill="#d9b27a" stroke="${LINE}" stroke-width="3" stroke-linejoin="round"><path d="M140 50h8v40q0 10-6 14v106a6 6 0 0 1-12 0V104q-6-4-6-14V50h8v36h4V50h4z"/><path d="M200 50q18 10 18 40t-12 30v90a6 6 0 0 1-12 0V50z"/><path d="M262 50a18 26 0 0 1 0 52v108a6 6 0 0 1-12 0V102a18 26 0 0 1 0-52z"/></g>`,
  'recycled-paper-notebook': () =>
    `<rect x="136" y="56" width="134" height="170" rx="8" fill="#b9a27e" ${s()}/><path d="M136 56h22v170h-22" fill="#9c8662" ${s()}/><path d="M246 56v170" stroke="#2d4a6b" stroke-width="6"/><rect x="176" y="96" width="56" height="34" rx="4" fill="#f6f1e6"/><path d="M204 104l10 8-10 8-10-8z" fill="#6fcf97"/>`,
  'plantable-pencils': () =>
    [150, 186, 222, 258]
      .map(
        (x, i) =>
          `<g transform="rotate(${(i - 1.5) * 5} ${x} 200)"><rect x="${x - 9}" y="96" width="18" height="110" fill="${['#f2c14e', '#6fcf97', '#e07a5f', '#8fc1e8'][i]}" ${s()}/><path d="M${x - 9} 206l9 22 9-22z" fill="#e6c98f" ${s()}/><rect x="${x - 9}" y="80" width="18" height="18" rx="3" fill="#cfd8d3" ${s()}/><path d="M${x} 80v-14" stroke="#2f6b4a" stroke-width="2"/><path d="M${x} 68c-12-2-14-12-12-16 8 0 12 6 12 16zM${x} 70c10-4 14-14 10-18-8 2-10 8-10 18z" fill="#6fcf97"/></g>`,
      )
      .join(''),
  'countertop-compost-caddy': () =>
    `<path d="M140 96h120l-10 118a10 10 0 0 1-10 10h-80a10 10 0 0 1-10-10z" fill="#6f8f7a" ${s()}/><rect x="130" y="78" width="140" height="20" rx="8" fill="#5b7a66" ${s()}/><path d="M180 78q20-24 40 0" fill="none" ${s()}/><path d="M200 196c-26 0-28-36 0-50 28 14 26 50 0 50z" fill="#9bc26a" ${s(2)}/><path d="M200 196v-40" stroke="#2f6b4a" stroke-width="2"/>`,
  'organic-spice-set': () =>
    [
      [124, '#e07a5f'],
      [178, '#f2c14e'],
      [232, '#6f8f4a'],
    ]
      .map(
        ([x, c]) =>
          `<rect x="${x}" y="92" width="46" height="120" rx="10" fill="#cfe8e0" fill-opacity=".2" ${s()}/><rect x="${x + 5}" y="130" width="36" height="76" rx="6" fill="${c}"/><rect x="${x - 2}" y="74" width="50" height="20" rx="5" fill="#d9b27a" ${s()}/><rect x="${x + 8}" y="148" width="30" height="20" rx="3" fill="#f6f1e6" opacity=".9"/>`,
      )
      .join(''),
  'cold-brew-bottle': () =>
    `<rect x="178" y="40" width="44" height="22" rx="6" fill="#3a3f3c" ${s()}/><path d="M176 62h48v20q26 16 26 44v84a12 12 0 0 1-12 12h-76a12 12 0 0 1-12-12v-84q0-28 26-44z" fill="#cfe8e0" fill-opacity=".2" ${s()}/><path d="M156 140h88v70a10 10 0 0 1-10 10h-68a10 10 0 0 1-10-10z" fill="#4a2c1d"/><rect x="190" y="70" width="20" height="120" rx="8" fill="#c7b8a3" fill-opacity=".6" ${s(2)}/>`,
};

/** The 30 seeded products: slug, name, category (as in supabase/seed.sql). */
const PRODUCTS = [
  ['bamboo-toothbrush-set', 'Bamboo Toothbrush Set (4)', 'personal-care'],
  ['refillable-dish-soap', 'Refillable Dish Soap, 1 L', 'home'],
  ['beeswax-food-wraps', 'Beeswax Food Wraps (3)', 'home'],
  ['compostable-sponges', 'Compostable Kitchen Sponges (6)', 'home'],
  ['wool-dryer-balls', 'Wool Dryer Balls (6)', 'home'],
  ['solid-shampoo-bar', 'Solid Shampoo Bar', 'personal-care'],
  ['organic-linen-towel', 'Organic Linen Bath Towel', 'home'],
  ['glass-spray-bottle', 'Glass Spray Bottle', 'home'],
  ['reusable-kitchen-towels', 'Reusable Kitchen Towels (12)', 'home'],
  ['natural-deodorant', 'Natural Deodorant Stick', 'personal-care'],
  ['recycled-rain-jacket', 'Recycled Rain Jacket', 'apparel'],
  ['organic-cotton-tee', 'Organic Cotton Tee', 'apparel'],
  ['merino-hiking-socks', 'Merino Hiking Socks', 'apparel'],
  ['hemp-daypack', 'Hemp Daypack 20 L', 'outdoors'],
  ['solar-camping-lantern', 'Solar Camping Lantern', 'outdoors'],
  ['insulated-steel-bottle', 'Insulated Steel Bottle', 'outdoors'],
  ['recycled-fleece-pullover', 'Recycled Fleece Pullover', 'apparel'],
  ['cork-yoga-mat', 'Cork Yoga Mat', 'outdoors'],
  ['gear-repair-kit', 'Gear Repair Kit', 'outdoors'],
  ['kids-rubber-boots', "Natural Rubber Kids' Boots", 'kids'],
  ['fair-trade-coffee-beans', 'Fair-Trade Coffee Beans, 500 g', 'food'],
  ['loose-leaf-green-tea', 'Loose-Leaf Green Tea', 'food'],
  ['oat-milk-concentrate', 'Oat Milk Concentrate', 'food'],
  ['glass-storage-jars', 'Glass Storage Jars (4)', 'home'],
  ['bamboo-travel-cutlery', 'Bamboo Travel Cutlery', 'home'],
  ['recycled-paper-notebook', 'Recycled Paper Notebook', 'office'],
  ['plantable-pencils', 'Plantable Pencils (8)', 'office'],
  ['countertop-compost-caddy', 'Countertop Compost Caddy', 'home'],
  ['organic-spice-set', 'Organic Spice Set', 'food'],
  ['cold-brew-bottle', 'Cold Brew Bottle', 'food'],
];

const escape = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');

const LEAF = (x, y, color) =>
  `<path transform="translate(${x} ${y})" d="M0 14C0 4 8-2 20 0c0 12-8 18-20 14zM0 14l10-7" fill="${color}" stroke="${color}" stroke-width="1.5" stroke-linecap="round"/>`;

function product([slug, name, category]) {
  const [top, bottom, halo] = TINTS[category];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img" aria-labelledby="t"><title id="t">${escape(name)}</title><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="400" height="300" fill="url(#g)"/><circle cx="200" cy="140" r="104" fill="${halo}"/><ellipse cx="200" cy="232" rx="120" ry="10" fill="#000" opacity=".2"/>${OBJECTS[slug]()}${LEAF(20, 262, '#6fcf97')}<text x="48" y="278" font-family="${FONT}" font-size="14" font-weight="600" fill="#b8d4c6">${escape(LABELS[category])}</text></svg>\n`;
}

/** Merchant logotypes: a mark and the company name on a dark rounded plate, 320 × 96. */
const MERCHANTS = [
  {
    file: 'evergreen-home',
    name: 'Evergreen Home Co.',
    words: ['Evergreen', 'HOME CO.'],
    color: '#6fcf97',
    plate: '#10261f',
    mark: `<path d="M20 50L48 24l28 26v30H20z" fill="none" stroke="#6fcf97" stroke-width="4" stroke-linejoin="round"/><path d="M48 36l-12 16h7l-9 12h9l-7 10h24l-7-10h9l-9-12h7z" fill="#6fcf97"/><path d="M48 74v6" stroke="#6fcf97" stroke-width="4"/>`,
  },
  {
    file: 'tidewater-outfitters',
    name: 'Tidewater Outfitters',
    words: ['Tidewater', 'OUTFITTERS'],
    color: '#7cc4e8',
    plate: '#0f1f2e',
    mark: `<circle cx="48" cy="48" r="30" fill="none" stroke="#7cc4e8" stroke-width="4"/><path d="M26 38l12-14 10 12 8-8 14 16" fill="none" stroke="#e9f3f8" stroke-width="4" stroke-linejoin="round"/><path d="M22 56q7-7 13 0t13 0 13 0 13 0M26 66q6-6 11 0t11 0 11 0 11 0" fill="none" stroke="#7cc4e8" stroke-width="4" stroke-linecap="round"/>`,
  },
  {
    file: 'sprout-and-sage',
    name: 'Sprout & Sage Kitchen',
    words: ['Sprout & Sage', 'KITCHEN'],
    color: '#b5c99a',
    plate: '#1f2418',
    mark: `<path d="M22 58h52l-6 20a6 6 0 0 1-6 4H34a6 6 0 0 1-6-4z" fill="#c9935a" stroke="#f3e9d7" stroke-width="3" stroke-linejoin="round"/><path d="M48 58V36" stroke="#b5c99a" stroke-width="4" stroke-linecap="round"/><path d="M48 42c-16 0-22-12-20-20 14-2 20 8 20 20zM48 36c2-14 12-20 24-18 0 12-10 20-24 18z" fill="#b5c99a"/>`,
  },
];

function merchant({ name, words, color, plate, mark }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 96" width="320" height="96" role="img" aria-labelledby="t"><title id="t">${escape(name)}</title><rect width="320" height="96" rx="16" fill="${plate}"/>${mark}<text x="96" y="50" font-family="${FONT}" font-size="${words[0].length > 10 ? 24 : 28}" font-weight="700" letter-spacing="-.5" fill="#f3f6f4">${escape(words[0])}</text><text x="97" y="72" font-family="${FONT}" font-size="13" font-weight="600" letter-spacing="3" fill="${color}">${escape(words[1])}</text></svg>\n`;
}

/** Course covers, 640 × 360: title, level and a motif. */
const COURSES = [
  {
    file: 'affiliate-foundations',
    title: ['Affiliate Marketing', 'Foundations'],
    level: 'Beginner · 60 min',
    colors: ['#0f3b2e', '#0a1f19', '#6fcf97'],
    motif: `<g fill="none" stroke="#6fcf97" stroke-width="10" stroke-linecap="round"><rect x="430" y="120" width="90" height="50" rx="25" transform="rotate(-35 475 145)"/><rect x="490" y="170" width="90" height="50" rx="25" transform="rotate(-35 535 195)"/></g><path d="M470 250h110M470 270h70" stroke="#b8e6cc" stroke-width="8" stroke-linecap="round" opacity=".5"/>`,
  },
  {
    file: 'honest-claims',
    title: ['Honest Sustainability', 'Claims'],
    level: 'Intermediate · 45 min',
    colors: ['#2b3a1a', '#141c0c', '#b5d67a'],
    motif: `<path d="M510 90l70 26v54c0 48-32 80-70 96-38-16-70-48-70-96v-54z" fill="#b5d67a" fill-opacity=".15" stroke="#b5d67a" stroke-width="8" stroke-linejoin="round"/><path d="M478 176l22 22 42-46" fill="none" stroke="#e9f5d6" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
  {
    file: 'content-that-converts',
    title: ['Content That Converts,', 'Sustainably'],
    level: 'Intermediate · 50 min',
    colors: ['#2a2046', '#140f26', '#c3a6ff'],
    motif: `<rect x="430" y="96" width="160" height="110" rx="18" fill="#c3a6ff" fill-opacity=".15" stroke="#c3a6ff" stroke-width="8"/><path d="M470 206l-10 34 40-34" fill="#c3a6ff" fill-opacity=".15" stroke="#c3a6ff" stroke-width="8" stroke-linejoin="round"/><path d="M494 128v46l40-23z" fill="#ece3ff"/><path d="M540 250l8 16 18 2-13 12 4 18-17-9-17 9 4-18-13-12 18-2z" fill="#f2c14e"/>`,
  },
];

function course({ title, level, colors: [top, bottom, accent], motif }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360" role="img" aria-labelledby="t"><title id="t">${escape(title.join(' '))}: course cover</title><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="640" height="360" fill="url(#g)"/><circle cx="530" cy="180" r="150" fill="${accent}" opacity=".08"/><g transform="translate(24 0)">${motif}</g>${LEAF(48, 52, accent)}<text x="76" y="68" font-family="${FONT}" font-size="16" font-weight="700" letter-spacing="2" fill="${accent}">VERDANT ACADEMY</text>${title
    .map(
      (line, i) =>
        `<text x="48" y="${170 + i * 44}" font-family="${FONT}" font-size="32" font-weight="800" letter-spacing="-.5" fill="#f3f6f4">${escape(line)}</text>`,
    )
    .join(
      '',
    )}<rect x="48" y="270" width="${level.length * 9 + 28}" height="34" rx="17" fill="${accent}" fill-opacity=".18"/><text x="62" y="292" font-family="${FONT}" font-size="15" font-weight="600" fill="${accent}">${escape(level)}</text></svg>\n`;
}

function write(path, text) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

for (const p of PRODUCTS) write(join(root, 'products', `${p[0]}.svg`), product(p));
for (const m of MERCHANTS) write(join(root, 'merchants', `${m.file}.svg`), merchant(m));
for (const c of COURSES) write(join(root, 'courses', `${c.file}.svg`), course(c));
console.info(
  `Wrote ${PRODUCTS.length} products, ${MERCHANTS.length} logos, ${COURSES.length} covers`,
);
