import type { Plugin } from 'vite';

/** Radix Themes' `Theme` without its tooltip provider, so first pages do not load the popper. */
export declare function radixThemeWithoutTooltipProvider(): Plugin;
