import '../../theme/tokens.css';
import './transition-overlay.css';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { VerdantTheme } from '../verdant-theme/index.ts';
import { TransitionOverlay } from './transition-overlay.tsx';

afterEach(async () => {
  cleanup();
  await commands.emulateReducedMotion('no-preference');
});

const circle = () => document.querySelector('.vd-transition-overlay__circle')!;
const dots = () => Array.from(document.querySelectorAll('.vd-transition-overlay__dots span'));

describe('TransitionOverlay motion', () => {
  it('pulses the circle and bounces three dots', () => {
    render(
      <VerdantTheme>
        <TransitionOverlay open />
      </VerdantTheme>,
    );
    expect(getComputedStyle(circle()).animationName).toBe('vd-overlay-pulse');
    expect(dots()).toHaveLength(3);
    for (const dot of dots()) expect(getComputedStyle(dot).animationName).toBe('vd-overlay-bounce');
  });

  it('stops all motion under prefers-reduced-motion', async () => {
    await commands.emulateReducedMotion('reduce');
    render(
      <VerdantTheme>
        <TransitionOverlay open />
      </VerdantTheme>,
    );
    expect(getComputedStyle(circle()).animationName).toBe('none');
    for (const dot of dots()) expect(getComputedStyle(dot).animationName).toBe('none');
    expect(screen.getByRole('status').textContent).toBe('Loading page');
  });
});
