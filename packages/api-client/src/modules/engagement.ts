import {
  ENGAGEMENT_METRIC_TYPES,
  validateEngagementMetric,
  type EngagementMetadata,
  type EngagementMetricType,
} from '@verdant/validation';
import { TRACK_ENGAGEMENT_FUNCTION } from '../constants.ts';
import type { ModuleContext } from '../context.ts';
import { toApiError } from '../errors.ts';
import { invalid } from '../validate.ts';

export const METRIC_TYPES = ENGAGEMENT_METRIC_TYPES;
export type MetricType = EngagementMetricType;
export type {
  EngagementMetadata,
  ScriptErrorMetadata,
  UnhandledRejectionMetadata,
} from '@verdant/validation';

/** The argument names of `trackEngagement` for the body fields they fill. */
const ARGUMENT_NAMES: Record<string, string> = {
  metric_type: 'metricType',
  metric_value: 'value',
};

export function createEngagementModule({ supabase }: ModuleContext) {
  /**
   * Spec §7: records one engagement metric through the `track-engagement` edge function
   * (POST `{ metric_type, metric_value, metadata }`). The body is checked with the function's
   * own rules (`validateEngagementMetric`) before anything is sent.
   */
  return async function trackEngagement<M extends MetricType>(
    metricType: M,
    value: number,
    metadata: EngagementMetadata[M],
  ): Promise<void> {
    const result = validateEngagementMetric({
      metric_type: metricType,
      metric_value: value,
      metadata,
    });
    if (!result.ok) invalid(ARGUMENT_NAMES[result.field] ?? result.field, result.reason);
    const body = result.metric;
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
