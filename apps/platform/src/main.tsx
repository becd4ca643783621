// Radix Themes in layers, with only the colour scales the theme and the kit use (accent mint on
// slate grays; Badge, Button, Callout and chart tones teal, grass, green, blue, amber, red, purple
// and crimson): the full stylesheet carries all 30 scales.
import '@radix-ui/themes/tokens/base.css';
import '@radix-ui/themes/tokens/colors/gray.css';
import '@radix-ui/themes/tokens/colors/slate.css';
import '@radix-ui/themes/tokens/colors/mint.css';
import '@radix-ui/themes/tokens/colors/teal.css';
import '@radix-ui/themes/tokens/colors/grass.css';
import '@radix-ui/themes/tokens/colors/green.css';
import '@radix-ui/themes/tokens/colors/blue.css';
import '@radix-ui/themes/tokens/colors/amber.css';
import '@radix-ui/themes/tokens/colors/red.css';
import '@radix-ui/themes/tokens/colors/purple.css';
import '@radix-ui/themes/tokens/colors/crimson.css';
import '@radix-ui/themes/components.css';
import '@radix-ui/themes/utilities.css';
import '@verdant/ui/styles.css';
import './app/app.css';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { installClientMeasures } from './app/client-measures.ts';
import { Providers } from './app/providers.tsx';
import { installTelemetry } from './app/telemetry.ts';
import { authEngine, trackEngagement } from './lib/backend.ts';
import { createQueryClient } from './lib/query-client.ts';
import { AppRoutes, preloadPage } from './router.tsx';

installTelemetry(trackEngagement, { window, document, performance });
installClientMeasures({
  // Development keeps the browser's tools usable; VITE_ALLOW_DEVTOOLS=1 does so in a build too.
  blockDevtools: !import.meta.env.DEV && import.meta.env.VITE_ALLOW_DEVTOOLS !== '1',
  window,
});

const queryClient = createQueryClient();
const container = document.getElementById('root')!;

/**
 * Once the first render has committed the page is the app's (its router hears navigations), and
 * the root no longer says it holds prerendered HTML.
 */
function TakeOver({ children }: { children: ReactNode }) {
  useEffect(() => {
    delete container.dataset.prerendered;
  }, []);
  return children;
}

const app = (
  <StrictMode>
    <TakeOver>
      <Providers engine={authEngine} queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </TakeOver>
  </StrictMode>
);

// Public first pages arrive rendered for their path without a query: the content pages from the
// build (prerender.ts), /@{username} and /s/{slug} from the web server with their data
// (entry-server.tsx). The app takes over that HTML. Anything else (the empty shell, or a query the HTML was not rendered
// with) renders from scratch. Both happen in a transition: React yields to the browser between
// slices of the work instead of holding the main thread for the whole first render.
// Both wait for the page's code first (see preloadPage); a failed load is left to the page's
// error boundary, which meets it again when the page renders.
const start = () => {
  if (container.dataset.prerendered === window.location.pathname && !window.location.search) {
    // The page's own title and description go back to React, which renders them into the head.
    for (const tag of document.head.querySelectorAll('[data-prerendered]')) tag.remove();
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    container.replaceChildren();
    delete container.dataset.prerendered;
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
};
void preloadPage(window.location.pathname).then(start, start);
