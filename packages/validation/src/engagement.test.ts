import { describe, expect, it } from 'vitest';
import { ENGAGEMENT_TEXT_MAX_LENGTH } from './constants.ts';
import { ENGAGEMENT_METRIC_TYPES, validateEngagementMetric } from './engagement.ts';

const pageLoad = {
  metric_type: 'page_load_time',
  metric_value: 812.5,
  metadata: { dom_content_loaded: 420, url: 'https://verdant.test/', user_agent: 'UA' },
};
const demoView = {
  metric_type: 'demo_view',
  metric_value: 1,
  metadata: { url: 'https://verdant.test/', referrer: '' },
};
const scriptError = {
  metric_type: 'error',
  metric_value: 1,
  metadata: {
    message: 'boom',
    filename: 'app.js',
    lineno: 1,
    colno: 2,
    stack: 'Error: boom',
    url: 'https://verdant.test/x',
  },
};
const rejection = {
  metric_type: 'error',
  metric_value: 1,
  metadata: { type: 'unhandledrejection', reason: 'nope', url: 'https://verdant.test/x' },
};

const LONG = 'x'.repeat(ENGAGEMENT_TEXT_MAX_LENGTH + 1);
const TEXT = `must be text of at most ${ENGAGEMENT_TEXT_MAX_LENGTH} characters`;
const UNSTORABLE = 'must not contain NUL characters or unpaired surrogates';

describe('validateEngagementMetric (spec §7)', () => {
  it('lists the three metric types', () => {
    expect(ENGAGEMENT_METRIC_TYPES).toEqual(['page_load_time', 'demo_view', 'error']);
  });

  it.each([
    ['a page load', pageLoad],
    ['a demo view', demoView],
    ['a script error', scriptError],
    ['an unhandled rejection', rejection],
    ['a value of 0', { ...demoView, metric_value: 0 }],
    ['empty text', { ...demoView, metadata: { url: '', referrer: '' } }],
    [
      'text of the maximum length',
      { ...scriptError, metadata: { ...scriptError.metadata, stack: LONG.slice(1) } },
    ],
    [
      'negative line numbers',
      { ...scriptError, metadata: { ...scriptError.metadata, lineno: -1 } },
    ],
    [
      'text with surrogate pairs and other control characters',
      { ...demoView, metadata: { url: '/leaf-\u{1F33F}\t\u0001', referrer: '\ud83c\udf3f' } },
    ],
  ])('accepts %s unchanged', (_label, body) => {
    expect(validateEngagementMetric(body)).toEqual({ ok: true, metric: body });
  });

  it.each<[string, unknown, string, string]>([
    ['null', null, 'body', 'must be a JSON object'],
    ['an array', [pageLoad], 'body', 'must be a JSON object'],
    ['a string', 'page_load_time', 'body', 'must be a JSON object'],
    [
      'an unknown top-level field',
      { ...pageLoad, user_id: 'u' },
      'user_id',
      'is not a known field',
    ],
    [
      'an unknown metric type',
      { ...pageLoad, metric_type: 'click' },
      'metric_type',
      'must be one of page_load_time, demo_view, error',
    ],
    [
      'a metric type in another case',
      { ...pageLoad, metric_type: 'Error' },
      'metric_type',
      'must be one of page_load_time, demo_view, error',
    ],
    [
      'a missing metric type',
      { metric_value: 1, metadata: demoView.metadata },
      'metric_type',
      'must be one of page_load_time, demo_view, error',
    ],
    [
      'a missing value',
      { metric_type: 'demo_view', metadata: demoView.metadata },
      'metric_value',
      'must be a finite number of at least 0',
    ],
    [
      'a negative value',
      { ...pageLoad, metric_value: -1 },
      'metric_value',
      'must be a finite number of at least 0',
    ],
    [
      'a NaN value',
      { ...pageLoad, metric_value: Number.NaN },
      'metric_value',
      'must be a finite number of at least 0',
    ],
    [
      'an infinite value',
      { ...pageLoad, metric_value: Number.POSITIVE_INFINITY },
      'metric_value',
      'must be a finite number of at least 0',
    ],
    [
      'a value as text',
      { ...pageLoad, metric_value: '812' },
      'metric_value',
      'must be a finite number of at least 0',
    ],
    [
      'missing metadata',
      { metric_type: 'demo_view', metric_value: 1 },
      'metadata',
      'must be an object',
    ],
    ['metadata as an array', { ...demoView, metadata: [] }, 'metadata', 'must be an object'],
    [
      'null metadata of an error',
      { ...scriptError, metadata: null },
      'metadata',
      'must be an object',
    ],
    [
      'metadata of another metric',
      { ...pageLoad, metadata: demoView.metadata },
      'metadata.referrer',
      'is not a field of page_load_time metrics',
    ],
    [
      'an unknown metadata field',
      { ...demoView, metadata: { ...demoView.metadata, secret: 'x' } },
      'metadata.secret',
      'is not a field of demo_view metrics',
    ],
    [
      'a rejection field on a script error',
      { ...scriptError, metadata: { ...scriptError.metadata, reason: 'x' } },
      'metadata.reason',
      'is not a field of error metrics',
    ],
    [
      'a script error field on a rejection',
      { ...rejection, metadata: { ...rejection.metadata, stack: 'x' } },
      'metadata.stack',
      'is not a field of error metrics',
    ],
    [
      'a rejection of another type',
      { ...rejection, metadata: { ...rejection.metadata, type: 'rejection' } },
      'metadata.type',
      'is not a field of error metrics',
    ],
    [
      'a missing metadata field',
      { ...demoView, metadata: { url: 'u' } },
      'metadata.referrer',
      TEXT,
    ],
    [
      'an error without its fields',
      { ...scriptError, metadata: { message: 'x', url: 'u' } },
      'metadata.filename',
      TEXT,
    ],
    [
      'a number field as text',
      { ...pageLoad, metadata: { ...pageLoad.metadata, dom_content_loaded: '402' } },
      'metadata.dom_content_loaded',
      'must be a finite number',
    ],
    [
      'a non-finite number field',
      { ...scriptError, metadata: { ...scriptError.metadata, colno: Number.NaN } },
      'metadata.colno',
      'must be a finite number',
    ],
    [
      'a text field as a number',
      { ...demoView, metadata: { ...demoView.metadata, referrer: 1 } },
      'metadata.referrer',
      TEXT,
    ],
    [
      'a null text field',
      { ...rejection, metadata: { ...rejection.metadata, reason: null } },
      'metadata.reason',
      TEXT,
    ],
    [
      'a NUL character in text',
      { ...demoView, metadata: { url: '/x\u0000y', referrer: '' } },
      'metadata.url',
      UNSTORABLE,
    ],
    [
      'a lone high surrogate in text',
      { ...demoView, metadata: { url: '/x\ud800y', referrer: '' } },
      'metadata.url',
      UNSTORABLE,
    ],
    [
      'a lone low surrogate at the end of text',
      { ...scriptError, metadata: { ...scriptError.metadata, stack: 'Error\udc00' } },
      'metadata.stack',
      UNSTORABLE,
    ],
    [
      'surrogates in the wrong order',
      { ...rejection, metadata: { ...rejection.metadata, reason: '\udf3f\ud83c' } },
      'metadata.reason',
      UNSTORABLE,
    ],
    [
      'text over the maximum length',
      { ...pageLoad, metadata: { ...pageLoad.metadata, user_agent: LONG } },
      'metadata.user_agent',
      TEXT,
    ],
  ])('rejects %s', (_label, body, field, reason) => {
    expect(validateEngagementMetric(body)).toEqual({
      ok: false,
      field,
      reason,
      error: `${field} ${reason}`,
    });
  });
});
