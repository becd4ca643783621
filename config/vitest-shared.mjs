// Shared Vite/Vitest settings: inside the repository every @verdant/* package resolves to its
// TypeScript source through the "source" export condition, so tests need no prior build.
import { defaultClientConditions, defaultServerConditions } from 'vite';

export const sourceConditions = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
};
