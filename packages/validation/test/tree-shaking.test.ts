import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundledInputs, usesHtmlParser } from '../scripts/tree-shaking.mjs';

const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));

describe('browser bundles take only what they import', () => {
  it.each([
    ['validatePassword'],
    ['validateEmail'],
    ['validateRoleChange', 'ROLES'],
    ['PASSWORD_MIN_LENGTH'],
    ['validateEngagementMetric', 'ENGAGEMENT_METRIC_TYPES'],
  ])('%s leaves the HTML parser out', async (...names) => {
    const inputs = await bundledInputs(entry, names);
    expect(usesHtmlParser(inputs)).toBe(false);
    expect(inputs.some((input) => input.endsWith('sanitize.ts'))).toBe(false);
  });

  it('sanitizeText brings the HTML parser in', async () => {
    expect(usesHtmlParser(await bundledInputs(entry, ['sanitizeText']))).toBe(true);
  });
});
