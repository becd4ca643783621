/** Stripe's origins the app may talk to (spec §8: the card payment provider is allowed). */
export const STRIPE_ORIGINS = {
  script: 'https://js.stripe.com',
  frames: ['https://js.stripe.com', 'https://checkout.stripe.com', 'https://hooks.stripe.com'],
  api: 'https://api.stripe.com',
  checkout: 'https://checkout.stripe.com',
} as const;

/** The http(s) origin and matching websocket origin of the API, or nothing without a URL. */
export function apiOrigins(apiUrl: string | undefined): string[] {
  if (!apiUrl) return [];
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    return [];
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
  const ws = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return [url.origin, `${ws}//${url.host}`];
}

/**
 * The content security policy the app ships as a meta tag (spec §8). Directives that browsers
 * ignore inside a meta tag (frame-ancestors, report-uri, sandbox) are sent as headers by the web
 * server instead. No inline scripts: the app's configuration travels in meta tags.
 */
export function contentSecurityPolicy(apiUrl: string | undefined): string {
  const api = apiOrigins(apiUrl);
  return [
    "default-src 'self'",
    `script-src 'self' ${STRIPE_ORIGINS.script}`,
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', 'https:', ...api].join(' '),
    "font-src 'self' data:",
    ['connect-src', "'self'", ...api, STRIPE_ORIGINS.api].join(' '),
    ['frame-src', ...STRIPE_ORIGINS.frames].join(' '),
    "base-uri 'self'",
    `form-action 'self' ${STRIPE_ORIGINS.checkout}`,
    "object-src 'none'",
  ].join('; ');
}
