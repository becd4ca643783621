import { describe, expect, it } from 'vitest';
import {
  isSustainabilityAttribute,
  sustainabilityAttributeLabel,
  sustainabilityAttributes,
  sustainabilityGlyph,
} from './sustainability-icon.tsx';

describe('sustainability attributes', () => {
  it('labels every attribute in sentence case', () => {
    for (const attribute of sustainabilityAttributes) {
      const label = sustainabilityAttributeLabel(attribute);
      expect(label).not.toContain('-');
      expect(label[0]).toBe(label[0]!.toUpperCase());
    }
    expect(sustainabilityAttributeLabel('fair-trade')).toBe('Fair trade');
    expect(sustainabilityAttributeLabel('b-corp')).toBe('B Corp');
  });

  it('passes unknown values through and gives them a leaf', () => {
    expect(isSustainabilityAttribute('toString')).toBe(false);
    expect(sustainabilityAttributeLabel('upcycled')).toBe('upcycled');
    expect(sustainabilityGlyph('upcycled')).toBe('leaf');
  });

  it('draws certified claims as seals and material ones as leaves', () => {
    expect(sustainabilityGlyph('b-corp')).toBe('seal');
    expect(sustainabilityGlyph('carbon-neutral')).toBe('seal');
    expect(sustainabilityGlyph('organic')).toBe('leaf');
    expect(sustainabilityGlyph('recycled')).toBe('cycle');
    expect(sustainabilityGlyph('repairable')).toBe('tool');
  });
});
