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
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { installClientMeasures } from './app/client-measures';
import { Providers } from './app/providers';
import { installTelemetry } from './app/telemetry';
import { authEngine, trackEngagement } from './lib/backend';
import { createQueryClient } from './lib/query-client';
import { createRouter } from './router';

installTelemetry(trackEngagement, { window, document, performance });
installClientMeasures({
  // Development keeps the browser's tools usable; VITE_ALLOW_DEVTOOLS=1 does so in a build too.
  blockDevtools: !import.meta.env.DEV && import.meta.env.VITE_ALLOW_DEVTOOLS !== '1',
  window,
});

const router = createRouter();
const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers engine={authEngine} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
