import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/index.ts';
import { clientWith, json, TEST_URL } from './fake-fetch.ts';

describe('trackEngagement (spec §7)', () => {
  it('POSTs metric_type, metric_value and metadata to the track-engagement function', async () => {
    const { api, requests } = clientWith([json({ ok: true })]);
    const metadata = { dom_content_loaded: 420, url: 'https://verdant.test/', user_agent: 'UA' };
    await api.trackEngagement('page_load_time', 812, metadata);
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url).toBe(`${TEST_URL}/functions/v1/track-engagement`);
    expect(await requests[0]!.json()).toEqual({
      metric_type: 'page_load_time',
      metric_value: 812,
      metadata,
    });
  });

  it('sends both kinds of error metadata', async () => {
    const { api, requests } = clientWith([json({}), json({})]);
    const scriptError = {
      message: 'boom',
      filename: 'app.js',
      lineno: 1,
      colno: 2,
      stack: 'Error: boom',
      url: 'https://verdant.test/x',
    };
    const rejection = {
      type: 'unhandledrejection',
      reason: 'nope',
      url: 'https://verdant.test/x',
    } as const;
    await api.trackEngagement('error', 1, scriptError);
    await api.trackEngagement('error', 1, rejection);
    expect((await requests[0]!.json()).metadata).toEqual(scriptError);
    expect((await requests[1]!.json()).metadata).toEqual(rejection);
  });

  it.each([
    ['unknown metric type', 'clicks', 1, { url: 'u', referrer: 'r' }, 'metricType'],
    ['missing metadata field', 'demo_view', 1, { url: 'u' }, 'metadata.referrer'],
    [
      'extra metadata field',
      'demo_view',
      1,
      { url: 'u', referrer: 'r', secret: 'x' },
      'metadata.secret',
    ],
    [
      'non-numeric line',
      'error',
      1,
      { message: 'm', filename: 'f', lineno: '1', colno: 1, stack: '', url: 'u' },
      'metadata.lineno',
    ],
    [
      'negative value',
      'page_load_time',
      -5,
      { dom_content_loaded: 1, url: 'u', user_agent: 'a' },
      'value',
    ],
    [
      'NaN value',
      'page_load_time',
      Number.NaN,
      { dom_content_loaded: 1, url: 'u', user_agent: 'a' },
      'value',
    ],
  ])('rejects %s before any request', async (_label, type, value, metadata, field) => {
    const { api, mock } = clientWith([]);
    await expect(
      api.trackEngagement(type as never, value, metadata as never),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      details: { field },
    });
    expect(mock).not.toHaveBeenCalled();
  });

  it.each([
    [400, 'validation_failed'],
    [401, 'unauthorized'],
    [429, 'rate_limited'],
    [500, 'unavailable'],
  ])('maps a %i answer of the function to %s', async (status, code) => {
    const { api } = clientWith([json({ error: 'refused by the function' }, status)]);
    const error = await api
      .trackEngagement('demo_view', 1, { url: 'u', referrer: '' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code, status, message: 'refused by the function' });
  });

  it('maps a failed connection to network', async () => {
    const { api } = clientWith([new TypeError('fetch failed')]);
    await expect(
      api.trackEngagement('demo_view', 1, { url: 'u', referrer: '' }),
    ).rejects.toMatchObject({
      code: 'network',
    });
  });
});
