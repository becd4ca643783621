import { STORAGE_KEYS } from '@verdant/auth';

/** A link made in the demo: kept in this browser only, never sent to the server. */
export interface DemoLink {
  code: string;
  productName: string;
  productSlug: string;
  createdAt: number;
}

function read<T>(key: string, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

/** The demo links (spec §4: kept locally; removed when demo mode ends). */
export function readDemoLinks(): DemoLink[] {
  const value = read<unknown>(STORAGE_KEYS.demoLinks, []);
  return Array.isArray(value)
    ? value.filter(
        (l): l is DemoLink =>
          typeof l === 'object' && l !== null && typeof (l as DemoLink).code === 'string',
      )
    : [];
}

export function writeDemoLinks(links: DemoLink[]): void {
  window.localStorage.setItem(STORAGE_KEYS.demoLinks, JSON.stringify(links.slice(0, 20)));
}

/**
 * The email-capture popup shows at most once: only while no "shown at" timestamp is stored. The
 * timestamp is written when it shows and removed only when demo mode ends.
 */
export function shouldShowEmailPopup(): boolean {
  return window.localStorage.getItem(STORAGE_KEYS.emailPopupShownAt) === null;
}

export function markEmailPopupShown(now = Date.now()): void {
  window.localStorage.setItem(STORAGE_KEYS.emailPopupShownAt, String(now));
}

/** Deterministic sample figures for the demo dashboard (the same on every visit), up to today. */
export function sampleSeries(days: number, seed = 7, now = Date.now()) {
  let state = seed;
  const next = () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
  // The sample ends today (UTC), as a real dashboard's last days would.
  const today = Math.floor(now / 86_400_000) * 86_400_000;
  return Array.from({ length: days }, (_, i) => {
    const clicks = Math.round(40 + 30 * Math.sin(i / 4) + next() * 25);
    const sales = Math.max(0, Math.round(clicks * (0.02 + next() * 0.03)));
    return {
      date: new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
      clicks,
      sales,
      earnings: Math.round(sales * (3.2 + next() * 2.4) * 100) / 100,
    };
  });
}
