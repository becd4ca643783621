import { createDeferredAuthEngine } from '@verdant/auth';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { AppRoutes } from './router.tsx';

/**
 * The HTML of one public page as a visitor who has not signed in first sees it: the shell, the
 * page (its code loaded, no data yet) and nothing from the backend. The build writes it into the
 * page's HTML file and the browser hydrates it (see main.tsx), so the page paints before any script
 * has run. The session engine never loads here: its snapshot stays "not initialised", exactly as
 * in the browser while the API client's code is on its way.
 */
export async function renderPage(url: string): Promise<string> {
  const engine = createDeferredAuthEngine(() => new Promise(() => {}));
  const queryClient = createQueryClient();
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
  // loads) would be written as its loading state: fail the build instead.
  if (errors.length > 0) throw new Error(`${url} did not prerender`, { cause: errors[0] });
  if (html.includes('<!--$!-->') || html.includes('<!--$?-->') || html.includes('<script>'))
    throw new Error(`${url} did not prerender in one piece`);
  return html;
}
