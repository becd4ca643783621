import type { Plugin } from 'vite';

/** One module per icon of `@radix-ui/react-icons`, so each icon lands in the chunk that uses it. */
export declare function radixIconsPerModule(): Plugin;
