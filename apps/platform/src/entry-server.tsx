import { createDeferredAuthEngine } from '@verdant/auth';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { pageDocument } from './lib/page-document.ts';
import { publicPageQueryKey } from './lib/page-view.ts';
import { createQueryClient } from './lib/query-client.ts';
import { AppRoutes } from './router.tsx';

/**
 * The HTML of the app at `url` as a visitor who has not signed in first sees it: the shell, the
 * page (its code loaded) and nothing from the backend beyond what `prepare` puts into the query
 * cache. The session engine never loads here: its snapshot stays "not initialised", exactly as in
 * the browser while the API client's code is on its way.
 */
async function render(url: string, prepare?: (queryClient: QueryClient) => void): Promise<string> {
  const engine = createDeferredAuthEngine(() => new Promise(() => {}));
  const queryClient = createQueryClient();
  prepare?.(queryClient);
  const errors: unknown[] = [];
  const app = (
    <StrictMode>
      <Providers engine={engine} queryClient={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>
  );
  // The first pass waits for the lazy modules (the page, the toaster) to load; the second renders
  // them in one piece. (A prerender's large boundaries arrive as separate segments completed by an
  // inline script, which the page's content security policy rightly refuses.)
  await prerender(app, { onError: (error) => void errors.push(error) });
  const html = renderToString(app);
  // The queries the page declared (never fetched here) would keep their garbage-collection timers.
  queryClient.clear();
  // A page that cannot render here (e.g. one that reads the backend's configuration as its module
  // loads) would be written as its loading state: refuse instead.
  if (errors.length > 0) throw new Error(`${url} did not render`, { cause: errors[0] });
  if (html.includes('<!--$!-->') || html.includes('<!--$?-->') || html.includes('<script>'))
    throw new Error(`${url} did not render in one piece`);
  return html;
}

/**
 * A public page that needs no data (see `PRERENDERED_PAGES`): the build writes it into the page's
 * HTML file and the browser hydrates it (see main.tsx), so the page paints before any script has
 * run.
 */
export function renderPage(url: string): Promise<string> {
  return render(url);
}

/**
 * `/@{username}` or `/s/{slug}` with the data the server sends along (the page-meta function's
 * `view`), rendered into `html`, the page's shell as the server is about to send it. The page finds
 * that data under its query key, as it does in the browser (`sentPageQuery`), so the browser takes
 * the HTML over as it is. Built into `dist-server/entry-server.mjs` for the web server, which falls
 * back to sending the shell when this throws.
 */
export async function renderPublicPage(html: string, path: string, view: unknown): Promise<string> {
  const key = publicPageQueryKey(path);
  if (!key) throw new Error(`${path} is not a public page`);
  if (view == null) throw new Error(`${path} came without its data`);
  const rendered = await render(path, (queryClient) => queryClient.setQueryData(key, view));
  return pageDocument(html, path, rendered);
}
