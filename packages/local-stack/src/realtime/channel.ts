/** One joined topic on one connection: token, broadcast options, presence key, change bindings. */
import { randomUUID } from 'node:crypto';
import type { ChangeHub, ChangeSpec, Subscriber } from './changes.ts';
import type { PresenceDiff, PresenceRegistry } from './presence.ts';
import type { OutMessage, UserPayload } from './serializer.ts';
import type { VerifiedToken } from './tokens.ts';
import type { Viewer } from './visibility.ts';

/** What a channel needs from its connection and from the service. */
export interface ChannelHost {
  push(message: OutMessage): void;
  pushBroadcast(topic: string, event: string, message: OutMessage, user?: UserPayload): void;
  changes: ChangeHub;
  presence: PresenceRegistry;
  /** Channels joined to each topic, across all connections. */
  members: Map<string, Set<Channel>>;
  /** Called when the channel closes itself (token expired or refused). */
  closed(channel: Channel): void;
}

export interface JoinConfig {
  self: boolean;
  ack: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  changes: ChangeSpec[];
}

/** The longest a timer can wait (setTimeout overflows beyond ~24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

export class Channel implements Subscriber {
  private token: VerifiedToken;
  private expiry: NodeJS.Timeout | undefined;
  private open = true;
  readonly config: JoinConfig;

  constructor(
    readonly id: number,
    readonly topic: string,
    readonly joinRef: string | null,
    token: VerifiedToken,
    config: JoinConfig,
    private readonly host: ChannelHost,
  ) {
    this.token = token;
    this.config = { ...config, presenceKey: config.presenceKey || randomUUID() };
    const members = host.members.get(topic) ?? new Set<Channel>();
    members.add(this);
    host.members.set(topic, members);
    this.armExpiry();
  }

  get isOpen(): boolean {
    return this.open;
  }

  viewer(): Viewer {
    return { role: this.token.role, claimsJson: this.token.claimsJson };
  }

  deliver(ids: number[], data: Record<string, unknown>): void {
    this.push('postgres_changes', { ids, data });
  }

  push(event: string, payload: unknown, ref: string | null = null): void {
    if (!this.open) return;
    this.host.push({ joinRef: this.joinRef, ref, topic: this.topic, event, payload });
  }

  reply(ref: string | null, status: 'ok' | 'error', response: Record<string, unknown> = {}): void {
    this.host.push({
      joinRef: this.joinRef,
      ref,
      topic: this.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }

  /** A system message, as hosted Realtime sends them. */
  system(extension: string, status: 'ok' | 'error', message: string): void {
    this.push('system', {
      extension,
      status,
      message,
      channel: this.topic.replace(/^realtime:/, ''),
    });
  }

  /** Replaces the token (an `access_token` message). */
  refresh(token: VerifiedToken): void {
    this.token = token;
    this.armExpiry();
  }

  /** Ends the channel from the server side with a system error and `phx_close`. */
  shutdown(reason: string): void {
    if (!this.open) return;
    this.system('system', 'error', reason);
    this.push('phx_close', {});
    this.leave();
    this.host.closed(this);
  }

  /** Binds the change subscriptions (ids assigned by the caller). */
  bindChanges(ids: number[]): void {
    this.config.changes.forEach((spec, i) => this.host.changes.add(this, ids[i]!, spec));
  }

  track(payload: Record<string, unknown>): void {
    const diff = this.host.presence.track(this.topic, this.id, this.config.presenceKey, payload);
    this.fanOutPresence(diff);
  }

  untrack(): void {
    const diff = this.host.presence.untrack(this.topic, this.id);
    if (diff) this.fanOutPresence(diff);
  }

  /** Sends a broadcast to the other members of the topic (and to this one when `self`). */
  broadcast(event: string, payload: unknown, user?: UserPayload): void {
    const message: OutMessage = {
      joinRef: null,
      ref: null,
      topic: this.topic,
      event: 'broadcast',
      payload: { type: 'broadcast', event, payload },
    };
    for (const member of this.host.members.get(this.topic) ?? []) {
      if (member === this && !this.config.self) continue;
      member.host.pushBroadcast(this.topic, event, message, user);
    }
  }

  /** Leaves: stops deliveries, drops presence, forgets the channel. Idempotent. */
  leave(): void {
    if (!this.open) return;
    if (this.expiry) clearTimeout(this.expiry);
    this.host.changes.remove(this);
    this.untrack();
    this.open = false;
    const members = this.host.members.get(this.topic);
    members?.delete(this);
    if (members?.size === 0) this.host.members.delete(this.topic);
  }

  private fanOutPresence(diff: PresenceDiff): void {
    for (const member of this.host.members.get(this.topic) ?? []) {
      member.push('presence_diff', diff);
    }
  }

  private armExpiry(): void {
    if (this.expiry) clearTimeout(this.expiry);
    const wait = Math.min(Math.max(0, this.token.expiresAt - Date.now()), MAX_TIMER_MS);
    this.expiry = setTimeout(() => {
      if (Date.now() < this.token.expiresAt) return this.armExpiry();
      const ago = Math.round((Date.now() - this.token.expiresAt) / 1000);
      this.shutdown(`Token has expired ${ago} seconds ago`);
    }, wait);
    this.expiry.unref();
  }
}
