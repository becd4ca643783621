import { lazy } from 'react';

/**
 * The not-found page for pages that find out late that there is nothing to show (an unknown
 * username or storefront): its code loads when it is shown, not with every public page.
 */
export const NotFound = lazy(() =>
  import('./not-found.tsx').then((module) => ({ default: module.Component })),
);
