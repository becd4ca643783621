import type { MarketingFigures, PublicProgramTerms, RevenueMonth } from '@verdant/api-client';
import { useEffect, useState } from 'react';
import { getApi } from './api.ts';

/**
 * The program terms every Verdant program starts from (the defaults of `affiliate_programs`),
 * shown when the backend cannot be reached. Dated, because they are not live.
 */
export const FALLBACK_TERMS = {
  asOf: '2026-11-23',
  cookieWindowDays: 30,
  holdingDays: 30,
} as const;

const CACHE_KEY = 'verdant-one-sheets:last-figures';

export type SourceState = 'loading' | 'live' | 'cached' | 'offline';

export interface MarketingData {
  state: SourceState;
  /** Live figures, or the last live figures this browser saw (`cached`). */
  figures: MarketingFigures | null;
  /** Active programs of approved merchants, best paying first. */
  programs: PublicProgramTerms[];
  /** When the backend was last asked. */
  checkedAt: Date;
}

interface Cached {
  figures: MarketingFigures;
  programs: PublicProgramTerms[];
}

function readCache(): Cached | null {
  try {
    const raw = window.localStorage.getItem(CACHE_KEY);
    return raw ? (JSON.parse(raw) as Cached) : null;
  } catch {
    return null;
  }
}

function writeCache(value: Cached): void {
  try {
    window.localStorage.setItem(CACHE_KEY, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the next visit simply has no cached copy.
  }
}

/** Resolves after `ms`, or rejects when the request takes longer. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export async function loadMarketingData(): Promise<MarketingData> {
  const checkedAt = new Date();
  try {
    const api = await getApi();
    if (!api) throw new Error('no backend configured');
    const [figures, programs] = await withTimeout(
      Promise.all([api.marketing.figures(), api.marketing.programTerms(6)]),
      8_000,
    );
    writeCache({ figures, programs });
    return { state: 'live', figures, programs, checkedAt };
  } catch {
    const cached = readCache();
    if (cached) return { state: 'cached', ...cached, checkedAt };
    return { state: 'offline', figures: null, programs: [], checkedAt };
  }
}

/** The figures and program terms for a page; the page marks itself ready once they settle. */
export function useMarketingData(): MarketingData {
  const [data, setData] = useState<MarketingData>(() => ({
    state: 'loading',
    figures: null,
    programs: [],
    checkedAt: new Date(),
  }));
  useEffect(() => {
    let live = true;
    void loadMarketingData().then((next) => {
      if (live) setData(next);
    });
    return () => {
      live = false;
    };
  }, []);
  return data;
}

export interface RevenueData {
  state: SourceState;
  months: RevenueMonth[];
  checkedAt: Date;
}

/** The public revenue-transparency aggregates (months with at least three sales). */
export function useRevenueTransparency(): RevenueData {
  const [data, setData] = useState<RevenueData>(() => ({
    state: 'loading',
    months: [],
    checkedAt: new Date(),
  }));
  useEffect(() => {
    let live = true;
    const checkedAt = new Date();
    void (async () => {
      try {
        const api = await getApi();
        if (!api) throw new Error('no backend configured');
        const months = await withTimeout(api.orders.revenueTransparency(12), 8_000);
        if (live) setData({ state: 'live', months, checkedAt });
      } catch {
        if (live) setData({ state: 'offline', months: [], checkedAt });
      }
    })();
    return () => {
      live = false;
    };
  }, []);
  return data;
}

/** Sets `data-page-ready` on <html> once data has settled and the bundled fonts are loaded, so
 * the PDF renderer and the screenshot tests never capture a half-drawn page. */
export function usePageReady(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    void document.fonts.ready.then(() => {
      if (!cancelled) document.documentElement.dataset.pageReady = 'true';
    });
    return () => {
      cancelled = true;
      delete document.documentElement.dataset.pageReady;
    };
  }, [ready]);
}
