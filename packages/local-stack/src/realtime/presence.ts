/**
 * Presence as Phoenix.Presence shapes it: per topic, each key has a list of metas (one per
 * tracking channel) carrying a `phx_ref`. Joined channels get the whole state
 * (`presence_state`) and then changes (`presence_diff` with `joins` and `leaves`).
 */
import { randomBytes } from 'node:crypto';

export type Meta = Record<string, unknown> & { phx_ref: string; phx_ref_prev?: string };
export type PresenceState = Record<string, { metas: Meta[] }>;

export interface PresenceDiff {
  joins: PresenceState;
  leaves: PresenceState;
}

interface Entry {
  key: string;
  meta: Meta;
}

/** Presences of one stack: topic → tracking channel id → its entry. */
export class PresenceRegistry {
  private readonly topics = new Map<string, Map<number, Entry>>();

  /** The full state of `topic`. */
  state(topic: string): PresenceState {
    const state: PresenceState = {};
    for (const { key, meta } of this.topics.get(topic)?.values() ?? []) {
      (state[key] ??= { metas: [] }).metas.push(meta);
    }
    return state;
  }

  /** Tracks (or re-tracks) `payload` for channel `channelId` under `key`; returns the diff. */
  track(
    topic: string,
    channelId: number,
    key: string,
    payload: Record<string, unknown>,
  ): PresenceDiff {
    const entries = this.topics.get(topic) ?? new Map<number, Entry>();
    this.topics.set(topic, entries);
    const previous = entries.get(channelId);
    const meta: Meta = { ...payload, phx_ref: randomBytes(9).toString('base64url') };
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref;
    entries.set(channelId, { key, meta });
    const diff: PresenceDiff = { joins: { [key]: { metas: [meta] } }, leaves: {} };
    if (previous) diff.leaves[previous.key] = { metas: [previous.meta] };
    return diff;
  }

  /** Removes the presence of channel `channelId`; undefined when it tracked nothing. */
  untrack(topic: string, channelId: number): PresenceDiff | undefined {
    const entries = this.topics.get(topic);
    const previous = entries?.get(channelId);
    if (!entries || !previous) return undefined;
    entries.delete(channelId);
    if (entries.size === 0) this.topics.delete(topic);
    return { joins: {}, leaves: { [previous.key]: { metas: [previous.meta] } } };
  }

  /** Number of topics with at least one presence (for tests of memory bounds). */
  get topicCount(): number {
    return this.topics.size;
  }
}
