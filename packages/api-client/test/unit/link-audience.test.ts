import { describe, expect, it } from 'vitest';
import { ApiError, LINK_AUDIENCE_MAX_DAYS } from '../../src/index.ts';
import { clientWith, json, postgrestError, TEST_URL } from './fake-fetch.ts';

const LINK = '7d3c1f0a-2b4e-4c5d-8e6f-9a0b1c2d3e4f';

const row = (dimension: string, value: string, clicks: number, unique_clicks: number) => ({
  dimension,
  value,
  clicks,
  unique_clicks,
});

describe('links.audience', () => {
  it('reads link_audience() with GET for one link and sorts each dimension by clicks', async () => {
    const { api, requests } = clientWith([
      json([
        row('browser', 'unknown', 4, 4),
        row('browser', 'Chrome', 4, 2),
        row('browser', 'Firefox', 7, 5),
        row('country', 'unknown', 3, 3),
        row('country', 'DE', 3, 3),
        row('country', 'US', 9, 5),
        row('device', 'mobile', 10, 7),
        row('device', 'desktop', 5, 4),
        row('referrer', 'instagram.com', 15, 11),
        row('something-new', 'x', 1, 1),
      ]),
    ]);
    const audience = await api.links.audience({ linkId: LINK.toUpperCase(), days: 7 });
    expect(audience).toEqual({
      linkId: LINK,
      days: 7,
      totals: { clicks: 15, unique_clicks: 11 },
      devices: [
        { value: 'mobile', clicks: 10, unique_clicks: 7 },
        { value: 'desktop', clicks: 5, unique_clicks: 4 },
      ],
      browsers: [
        { value: 'Firefox', clicks: 7, unique_clicks: 5 },
        { value: 'unknown', clicks: 4, unique_clicks: 4 },
        { value: 'Chrome', clicks: 4, unique_clicks: 2 },
      ],
      // Ties: a known value before "unknown".
      countries: [
        { value: 'US', clicks: 9, unique_clicks: 5 },
        { value: 'DE', clicks: 3, unique_clicks: 3 },
        { value: 'unknown', clicks: 3, unique_clicks: 3 },
      ],
      referrers: [{ value: 'instagram.com', clicks: 15, unique_clicks: 11 }],
    });
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.method).toBe('GET');
    const url = new URL(request.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${TEST_URL}/rest/v1/rpc/link_audience`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ link_id: LINK, days: '7' });
  });

  it('asks about all links for 30 days when given nothing, and answers empty lists', async () => {
    const { api, requests } = clientWith([json([])]);
    await expect(api.links.audience()).resolves.toEqual({
      linkId: null,
      days: 30,
      totals: { clicks: 0, unique_clicks: 0 },
      devices: [],
      browsers: [],
      countries: [],
      referrers: [],
    });
    expect(Object.fromEntries(new URL(requests[0]!.url).searchParams)).toEqual({ days: '30' });
    const { api: again, requests: asked } = clientWith([json([])]);
    await again.links.audience({ linkId: null, days: LINK_AUDIENCE_MAX_DAYS });
    expect(Object.fromEntries(new URL(asked[0]!.url).searchParams)).toEqual({ days: '90' });
  });

  it('checks the input before any request', async () => {
    const { api, requests } = clientWith([]);
    const cases: [unknown, string][] = [
      [{ days: 0 }, 'days'],
      [{ days: 91 }, 'days'],
      [{ days: 7.5 }, 'days'],
      [{ days: '30' }, 'days'],
      [{ linkId: 'not-a-uuid' }, 'linkId'],
      [{ linkId: 42 }, 'linkId'],
      [{ link_id: LINK }, 'input.link_id'],
      ['everything', 'input'],
    ];
    for (const [input, field] of cases) {
      const error = await api.links
        .audience(input as Parameters<typeof api.links.audience>[0])
        .catch((e: unknown) => e);
      expect(error, JSON.stringify(input)).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code: 'validation_failed', details: { field } });
    }
    expect(requests).toHaveLength(0);
  });

  it("maps the database's refusals: no Affiliate Pro is forbidden, another's link not found", async () => {
    const message =
      'Click analytics by device, browser, country and referring site come with Affiliate Pro';
    const { api } = clientWith([
      postgrestError(403, 'PT403', message),
      postgrestError(404, 'PT404', 'No such link'),
    ]);
    await expect(api.links.audience({ days: 30 })).rejects.toMatchObject({
      code: 'forbidden',
      status: 403,
      upstreamCode: 'PT403',
      message,
    });
    await expect(api.links.audience({ linkId: LINK })).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
      message: 'No such link',
    });
  });
});
