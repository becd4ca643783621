import type { CatalogProgram } from '@verdant/api-client';
import { describe, expect, it } from 'vitest';
import { joinedPrograms, newProgramLink } from './program-links.ts';

const program = {
  id: 'p1',
  name: 'Evergreen partners',
  merchant: { id: 'm1', company_name: 'Evergreen Home Co.' },
} as CatalogProgram;

describe('joinedPrograms', () => {
  it('keeps the programs the affiliate is approved in', () => {
    const catalog = [
      { ...program, id: 'a', membership: { id: 'x', status: 'approved' } },
      { ...program, id: 'b', membership: { id: 'y', status: 'pending' } },
      { ...program, id: 'c', membership: null },
    ] as CatalogProgram[];
    expect(joinedPrograms(catalog).map((p) => p.id)).toEqual(['a']);
    expect(joinedPrograms(undefined)).toEqual([]);
  });
});

describe('newProgramLink', () => {
  it('links to a product page, titled after the product unless a title is given', () => {
    const product = { id: 'pr1', name: 'Cold Brew Bottle', slug: 'cold-brew-bottle' };
    expect(newProgramLink(program, product)).toMatchObject({
      program_id: 'p1',
      product_id: 'pr1',
      destination_url: '/shop/cold-brew-bottle',
      title: 'Cold Brew Bottle',
    });
    expect(newProgramLink(program, product, 'Summer picks').title).toBe('Summer picks');
  });

  it('without a product, links to the merchant’s shop, titled after the program', () => {
    const link = newProgramLink(program);
    expect(link).toMatchObject({
      product_id: null,
      destination_url: '/shop?merchant=m1',
      title: 'Evergreen partners',
    });
    expect(link.code).toMatch(/^[a-z0-9-]+$/);
  });
});
