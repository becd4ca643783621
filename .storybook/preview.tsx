import '@radix-ui/themes/styles.css';
// A fixed, bundled font so stories (and their screenshots) never depend on the machine's fonts.
import '@fontsource-variable/inter';
import '@verdant/ui/styles.css';
// The heavy parts' and the link-in-bio stylesheets ship apart from the core one; the stories of
// every part need them.
import '@verdant/ui/charts.css';
import '@verdant/ui/command-palette.css';
import '@verdant/ui/date-range-picker.css';
import '@verdant/ui/sortable-list.css';
import '@verdant/ui/link-in-bio.css';
import { DocsContainer, type DocsContainerProps } from '@storybook/addon-docs/blocks';
import type { Decorator, Preview } from '@storybook/react-vite';
import type { PropsWithChildren } from 'react';
import { themes } from 'storybook/theming';
import { Toaster, VerdantTheme } from '@verdant/ui';

const withVerdantTheme: Decorator = (Story, context) => (
  // A root Radix theme fills the viewport (min-height 100vh); inside a docs page it only wraps the story.
  <VerdantTheme style={context.viewMode === 'docs' ? { minHeight: 0 } : undefined}>
    <Story />
    {/* Docs pages render many stories at once; their one toast area lives in VerdantDocs. */}
    {context.viewMode === 'docs' ? null : <Toaster />}
  </VerdantTheme>
);

function VerdantDocs({ children, ...props }: PropsWithChildren<DocsContainerProps>) {
  return (
    <DocsContainer {...props} theme={themes.dark}>
      {children}
      <VerdantTheme hasBackground={false}>
        <Toaster />
      </VerdantTheme>
    </DocsContainer>
  );
}

const preview: Preview = {
  decorators: [withVerdantTheme],
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    backgrounds: { disable: true },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    docs: { theme: themes.dark, container: VerdantDocs },
    // Any axe violation fails the story's test (Storybook's Vitest addon and the test panel).
    a11y: { test: 'error' },
  },
};

export default preview;
