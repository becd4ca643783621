import { ENGAGEMENT_TEXT_MAX_LENGTH } from './constants.ts';

/** The metrics the site records through the track-engagement function (spec §7). */
export const ENGAGEMENT_METRIC_TYPES = ['page_load_time', 'demo_view', 'error'] as const;

export type EngagementMetricType = (typeof ENGAGEMENT_METRIC_TYPES)[number];

/** A page load; the metric's value is the load time in ms. */
export interface PageLoadTimeMetadata {
  dom_content_loaded: number;
  url: string;
  user_agent: string;
}

/** A visit of the home page `/`. */
export interface DemoViewMetadata {
  url: string;
  referrer: string;
}

/** A script error caught by the global error handler; the metric's value is 1. */
export interface ScriptErrorMetadata {
  message: string;
  filename: string;
  lineno: number;
  colno: number;
  stack: string;
  url: string;
}

/** An unhandled promise rejection; the metric's value is 1. */
export interface UnhandledRejectionMetadata {
  type: 'unhandledrejection';
  reason: string;
  url: string;
}

/** Spec §7: the metadata each metric type carries. */
export interface EngagementMetadata {
  page_load_time: PageLoadTimeMetadata;
  demo_view: DemoViewMetadata;
  error: ScriptErrorMetadata | UnhandledRejectionMetadata;
}

/** One metric as the track-engagement function receives and stores it. */
export type EngagementMetric = {
  [M in EngagementMetricType]: {
    metric_type: M;
    metric_value: number;
    metadata: EngagementMetadata[M];
  };
}[EngagementMetricType];

/**
 * The outcome of {@link validateEngagementMetric}. A failure names the first offending field
 * (`metric_type`, `metric_value`, `metadata.url`, …; `body` for the body itself), the `reason`
 * it fails, and `error`, both together as one sentence.
 */
export type EngagementMetricResult =
  | { ok: true; metric: EngagementMetric }
  | { ok: false; error: string; field: string; reason: string };

type FieldKind = 'number' | 'text';

/** Every field of each metadata shape is required, and no other field is allowed. */
const METADATA_SHAPES: Record<string, Record<string, FieldKind>> = {
  page_load_time: { dom_content_loaded: 'number', url: 'text', user_agent: 'text' },
  demo_view: { url: 'text', referrer: 'text' },
  script_error: {
    message: 'text',
    filename: 'text',
    lineno: 'number',
    colno: 'number',
    stack: 'text',
    url: 'text',
  },
  // `type` is always 'unhandledrejection' here: that value is what selects this shape.
  unhandled_rejection: { type: 'text', reason: 'text', url: 'text' },
};

const BODY_FIELDS = ['metric_type', 'metric_value', 'metadata'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * A UTF-16 surrogate without its pair: JSON may escape one (as in "\ud800"), but it is no
 * character and has no UTF-8 form. With the `u` flag a well-formed pair is one code point, so
 * only a lone surrogate matches.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether Postgres can store `text` in text or jsonb: no NUL character, no lone surrogate. */
function storable(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

function fail(field: string, reason: string): EngagementMetricResult {
  return { ok: false, error: `${field} ${reason}`, field, reason };
}

/** The first field of `value` not in `allowed`, if any. */
function unknownField(value: Record<string, unknown>, allowed: readonly string[]) {
  return Object.keys(value).find((key) => !allowed.includes(key));
}

/**
 * Checks a track-engagement body against spec §7, first failure wins:
 * 1. The body is an object with only `metric_type`, `metric_value` and `metadata`.
 * 2. `metric_type` is one of {@link ENGAGEMENT_METRIC_TYPES}.
 * 3. `metric_value` is a finite number of at least 0.
 * 4. `metadata` is an object with exactly the fields of its metric type (an error whose `type` is
 *    'unhandledrejection' is an unhandled rejection, any other error a script error).
 * 5. Number fields are finite numbers; text fields are strings of at most
 *    {@link ENGAGEMENT_TEXT_MAX_LENGTH} characters, without NUL characters or unpaired surrogates
 *    (text Postgres cannot store: the database would refuse the whole metric).
 */
export function validateEngagementMetric(body: unknown): EngagementMetricResult {
  if (!isRecord(body)) return fail('body', 'must be a JSON object');
  const extra = unknownField(body, BODY_FIELDS);
  if (extra !== undefined) return fail(extra, 'is not a known field');

  const metricType = body.metric_type;
  if (
    typeof metricType !== 'string' ||
    !(ENGAGEMENT_METRIC_TYPES as readonly string[]).includes(metricType)
  ) {
    return fail('metric_type', `must be one of ${ENGAGEMENT_METRIC_TYPES.join(', ')}`);
  }
  const value = body.metric_value;
  if (!isFiniteNumber(value) || value < 0) {
    return fail('metric_value', 'must be a finite number of at least 0');
  }

  const metadata = body.metadata;
  if (!isRecord(metadata)) return fail('metadata', 'must be an object');
  const shapeName =
    metricType === 'error'
      ? metadata.type === 'unhandledrejection'
        ? 'unhandled_rejection'
        : 'script_error'
      : metricType;
  const shape = METADATA_SHAPES[shapeName] as Record<string, FieldKind>;
  const extraMetadata = unknownField(metadata, Object.keys(shape));
  if (extraMetadata !== undefined) {
    return fail(`metadata.${extraMetadata}`, `is not a field of ${metricType} metrics`);
  }
  for (const [key, kind] of Object.entries(shape)) {
    const field = metadata[key];
    if (kind === 'number' && !isFiniteNumber(field)) {
      return fail(`metadata.${key}`, 'must be a finite number');
    }
    if (
      kind === 'text' &&
      (typeof field !== 'string' || field.length > ENGAGEMENT_TEXT_MAX_LENGTH)
    ) {
      return fail(
        `metadata.${key}`,
        `must be text of at most ${ENGAGEMENT_TEXT_MAX_LENGTH} characters`,
      );
    }
    if (kind === 'text' && !storable(field as string)) {
      return fail(`metadata.${key}`, 'must not contain NUL characters or unpaired surrogates');
    }
  }
  // The checks above are exactly the shape of EngagementMetric, which TypeScript cannot follow.
  const metric = { metric_type: metricType, metric_value: value, metadata };
  return { ok: true, metric: metric as unknown as EngagementMetric };
}
