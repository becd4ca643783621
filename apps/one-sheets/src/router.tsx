import { Box, Flex, Heading, Text, Theme } from '@radix-ui/themes';
import { Button, verdantThemeDefaults } from '@verdant/ui';
import { createBrowserRouter, Link, type RouteObject } from 'react-router-dom';
import { SHEET_NAMES } from './lib/sheets.ts';

/**
 * What shows while the first page's code loads: nothing, on the document's dark background (the
 * page arrives a moment later and its own heading is the first thing read).
 */
function PageLoading() {
  return null;
}

/** Every page of the app; each loads lazily. */
const pages: RouteObject[] = [
  {
    path: '/one-sheet',
    lazy: async () => ({ Component: (await import('./routes/index.tsx')).OneSheetIndex }),
  },
  ...SHEET_NAMES.flatMap((name): RouteObject[] => [
    {
      path: `/${name}`,
      lazy: async () => {
        const { OneSheetScreen } = await import('./routes/one-sheet.tsx');
        return { Component: () => <OneSheetScreen name={name} /> };
      },
    },
    {
      path: `/${name}/print`,
      lazy: async () => {
        const { OneSheetPrint } = await import('./routes/one-sheet.tsx');
        return { Component: () => <OneSheetPrint name={name} /> };
      },
    },
  ]),
  {
    path: '/presentation',
    lazy: async () => ({ Component: (await import('./routes/presentation.tsx')).Presentation }),
  },
  {
    path: '/investors',
    lazy: async () => ({ Component: (await import('./routes/investors.tsx')).Investors }),
  },
  {
    path: '*',
    Component: () => (
      <Theme {...verdantThemeDefaults} appearance="dark" className="vd-theme" hasBackground>
        <Box asChild p="6">
          <main>
            <Flex direction="column" gap="3" align="start">
              <Heading as="h1">Page not found</Heading>
              <Text color="gray">This address is not one of the one-sheet pages.</Text>
              <Button asChild variant="secondary">
                <Link to="/one-sheet">All one-sheets</Link>
              </Button>
            </Flex>
          </main>
        </Box>
      </Theme>
    ),
  },
];

/** The pages under one root route, which says what shows while the first page loads. */
export const routes: RouteObject[] = [{ HydrateFallback: PageLoading, children: pages }];

export function createRouter() {
  return createBrowserRouter(routes);
}
