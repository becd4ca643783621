import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';
import { apiOrigins, contentSecurityPolicy } from './csp.ts';

function docWith(url: string, key: string) {
  const doc = document.implementation.createHTMLDocument('t');
  doc.head.innerHTML = `<meta name="verdant-supabase-url" content="${url}"><meta name="verdant-supabase-anon-key" content="${key}">`;
  return doc;
}

describe('configuration', () => {
  it('prefers the values the web server wrote into the page', () => {
    const config = readConfig(docWith('http://localhost:5555', 'served-key'), {
      VITE_SUPABASE_URL: 'https://built.example',
      VITE_SUPABASE_ANON_KEY: 'built-key',
    });
    expect(config).toEqual({ supabaseUrl: 'http://localhost:5555', supabaseAnonKey: 'served-key' });
  });

  it('falls back to the build environment when the tags are empty or still placeholders', () => {
    const env = { VITE_SUPABASE_URL: 'https://built.example', VITE_SUPABASE_ANON_KEY: 'built-key' };
    expect(readConfig(docWith('', ''), env).supabaseUrl).toBe('https://built.example');
    expect(readConfig(docWith('__VERDANT_SUPABASE_URL__', 'x'), env).supabaseUrl).toBe(
      'https://built.example',
    );
  });

  it('leaves missing values empty so supabase-js reports them', () => {
    expect(readConfig(docWith('', ''), {})).toEqual({ supabaseUrl: '', supabaseAnonKey: '' });
  });
});

describe('content security policy', () => {
  it('allows the API and its websocket, Stripe, and nothing inline for scripts', () => {
    const csp = contentSecurityPolicy('https://abc.supabase.co');
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(csp).toContain(
      "connect-src 'self' https://abc.supabase.co wss://abc.supabase.co https://api.stripe.com",
    );
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toContain('frame-ancestors');
  });

  it('ignores URLs that are not http(s)', () => {
    expect(apiOrigins('javascript:alert(1)')).toEqual([]);
    expect(apiOrigins('not a url')).toEqual([]);
    expect(apiOrigins('http://localhost:54321/')).toEqual([
      'http://localhost:54321',
      'ws://localhost:54321',
    ]);
  });
});
