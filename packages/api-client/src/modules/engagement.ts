import { TRACK_ENGAGEMENT_FUNCTION } from '../constants';
import type { ModuleContext } from '../context';
import { toApiError } from '../errors';
import { decimal, invalid, oneOf, shape } from '../validate';

export const METRIC_TYPES = ['page_load_time', 'demo_view', 'error'] as const;
export type MetricType = (typeof METRIC_TYPES)[number];

/** A script error caught by the global error handler. */
export interface ScriptErrorMetadata {
  message: string;
  filename: string;
  lineno: number;
  colno: number;
  stack: string;
  url: string;
}

/** An unhandled promise rejection. */
export interface UnhandledRejectionMetadata {
  type: 'unhandledrejection';
  reason: string;
  url: string;
}

/** Spec §7: the metadata each metric type carries. */
export interface EngagementMetadata {
  /** `value` is the load time in ms. */
  page_load_time: { dom_content_loaded: number; url: string; user_agent: string };
  /** Sent when the path is `/`. */
  demo_view: { url: string; referrer: string };
  /** `value` is 1. */
  error: ScriptErrorMetadata | UnhandledRejectionMetadata;
}

type FieldKind = 'string' | 'number';
const STRING_LIMIT = 10_000;

const SCHEMAS: Record<string, Record<string, FieldKind>> = {
  page_load_time: { dom_content_loaded: 'number', url: 'string', user_agent: 'string' },
  demo_view: { url: 'string', referrer: 'string' },
  script_error: {
    message: 'string',
    filename: 'string',
    lineno: 'number',
    colno: 'number',
    stack: 'string',
    url: 'string',
  },
  unhandled_rejection: { type: 'string', reason: 'string', url: 'string' },
};

function checkMetadata(metricType: MetricType, metadata: unknown): Record<string, unknown> {
  const schemaName =
    metricType === 'error'
      ? (metadata as { type?: unknown } | null)?.type === 'unhandledrejection'
        ? 'unhandled_rejection'
        : 'script_error'
      : metricType;
  const schema = SCHEMAS[schemaName] as Record<string, FieldKind>;
  const input = shape('metadata', metadata, Object.keys(schema));
  for (const [key, kind] of Object.entries(schema)) {
    const value = input[key];
    const field = `metadata.${key}`;
    if (kind === 'number' && (typeof value !== 'number' || !Number.isFinite(value)))
      invalid(field, 'must be a number');
    if (kind === 'string' && (typeof value !== 'string' || value.length > STRING_LIMIT)) {
      invalid(field, `must be text of at most ${STRING_LIMIT} characters`);
    }
  }
  return input;
}

export function createEngagementModule({ supabase }: ModuleContext) {
  /**
   * Spec §7: records one engagement metric through the `track-engagement` edge function
   * (POST `{ metric_type, metric_value, metadata }`). The metadata is checked against the
   * metric type before anything is sent.
   */
  return async function trackEngagement<M extends MetricType>(
    metricType: M,
    value: number,
    metadata: EngagementMetadata[M],
  ): Promise<void> {
    const metric_type = oneOf('metricType', metricType, METRIC_TYPES);
    const metric_value = decimal('value', value, 0, Number.MAX_VALUE);
    const body = { metric_type, metric_value, metadata: checkMetadata(metric_type, metadata) };
    let error: unknown;
    try {
      ({ error } = await supabase.functions.invoke(TRACK_ENGAGEMENT_FUNCTION, {
        method: 'POST',
        body,
      }));
    } catch (thrown) {
      error = thrown;
    }
    if (error) throw await toApiError(error);
  };
}

export type TrackEngagement = ReturnType<typeof createEngagementModule>;
