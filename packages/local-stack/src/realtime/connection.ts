/** One websocket: the Phoenix channel protocol on top of it, one message at a time. */
import WebSocket from 'ws';
import type { ChangeHub, ChangeSpec } from './changes.ts';
import { Channel, type ChannelHost, type JoinConfig } from './channel.ts';
import type { PresenceRegistry } from './presence.ts';
import {
  MalformedFrameError,
  decodeFrame,
  encodeText,
  encodeUserBroadcast,
  type OutMessage,
  type PhxMessage,
  type UserPayload,
  type Vsn,
} from './serializer.ts';
import { verifyAccessToken } from './tokens.ts';

export interface RealtimeLimits {
  /** Open websockets in the whole stack. */
  maxConnections: number;
  /** Joined channels per websocket. */
  maxChannelsPerConnection: number;
  /** `postgres_changes` bindings per channel. */
  maxBindingsPerChannel: number;
  /** Largest frame accepted from a client (bytes); bigger ones close the socket (1009). */
  maxFrameBytes: number;
  /** Largest broadcast or presence payload (bytes); bigger ones get an error reply. */
  maxMessageBytes: number;
  /** Bytes a client may leave unread before it is dropped as a slow consumer. */
  maxBufferedBytes: number;
  /** Messages waiting to be handled per connection before the client is dropped as flooding. */
  maxQueuedMessages: number;
  /** Longest silence (no frame, not even a heartbeat) before the socket is closed. */
  idleTimeoutMs: number;
}

export const DEFAULT_LIMITS: RealtimeLimits = {
  maxConnections: 1_000,
  maxChannelsPerConnection: 100,
  maxBindingsPerChannel: 100,
  maxFrameBytes: 1024 * 1024,
  maxMessageBytes: 256 * 1024,
  maxBufferedBytes: 8 * 1024 * 1024,
  maxQueuedMessages: 1_000,
  idleTimeoutMs: 120_000,
};

export interface ConnectionContext {
  vsn: Vsn;
  apikey: string;
  limits: RealtimeLimits;
  changes: ChangeHub;
  presence: PresenceRegistry;
  members: Map<string, Set<Channel>>;
  verify(token: string): Promise<Record<string, unknown>>;
  nextId(): number;
  /** Resolves to true once changes flow from the database (false after `timeoutMs`). */
  changesReady(timeoutMs: number): Promise<boolean>;
  log(line: string): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJoinConfig(payload: Record<string, unknown>): JoinConfig | string {
  const config = payload.config ?? {};
  if (!isRecord(config)) return 'config must be an object';
  const broadcast = isRecord(config.broadcast) ? config.broadcast : {};
  const presence = isRecord(config.presence) ? config.presence : {};
  const rawChanges = config.postgres_changes ?? [];
  if (!Array.isArray(rawChanges)) return 'config.postgres_changes must be a list';
  const changes: ChangeSpec[] = [];
  for (const raw of rawChanges) {
    if (raw === null) continue;
    if (!isRecord(raw) || typeof raw.event !== 'string' || typeof raw.schema !== 'string')
      return 'each postgres_changes entry needs an event and a schema';
    if (raw.table !== undefined && raw.table !== null && typeof raw.table !== 'string')
      return 'postgres_changes table must be a string';
    if (raw.filter !== undefined && raw.filter !== null && typeof raw.filter !== 'string')
      return 'postgres_changes filter must be a string';
    const spec: ChangeSpec = {
      event: raw.event.toUpperCase() as ChangeSpec['event'],
      schema: raw.schema,
    };
    if (typeof raw.table === 'string') spec.table = raw.table;
    if (typeof raw.filter === 'string') spec.filter = raw.filter;
    changes.push(spec);
  }
  if (config.private === true) return 'Private channels are not supported by the local stack';
  return {
    self: broadcast.self === true,
    ack: broadcast.ack === true,
    presenceKey: typeof presence.key === 'string' ? presence.key.slice(0, 255) : '',
    presenceEnabled: presence.enabled === true,
    changes,
  };
}

export class Connection implements ChannelHost {
  private readonly channels = new Map<string, Channel>();
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private lastSeen = Date.now();
  private dropped = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly ctx: ConnectionContext,
  ) {
    ws.on('message', (data: Buffer, isBinary: boolean) => this.receive(data, isBinary));
    ws.on('close', () => this.closeAll());
    ws.on('error', () => ws.terminate());
  }

  get changes(): ChangeHub {
    return this.ctx.changes;
  }
  get presence(): PresenceRegistry {
    return this.ctx.presence;
  }
  get members(): Map<string, Set<Channel>> {
    return this.ctx.members;
  }

  get idleMs(): number {
    return Date.now() - this.lastSeen;
  }

  push(message: OutMessage): void {
    this.send(encodeText(message, this.ctx.vsn));
  }

  pushBroadcast(topic: string, event: string, message: OutMessage, user?: UserPayload): void {
    if (user && this.ctx.vsn === '2.0.0') {
      const frame = encodeUserBroadcast(topic, event, user);
      if (frame) return this.send(frame);
    }
    // Binary payloads cannot travel in a JSON frame.
    if (user?.encoding === 'binary') return;
    this.push(message);
  }

  closed(channel: Channel): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  /** Closes the socket (e.g. the stack stops or the client idled out). */
  close(code: number, reason: string): void {
    this.ws.close(code, reason);
    setTimeout(() => this.ws.terminate(), 2_000).unref();
  }

  private send(frame: string | Buffer): void {
    if (this.dropped || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > this.ctx.limits.maxBufferedBytes) {
      // A client that does not read its messages would make the server hold them without bound.
      this.dropped = true;
      this.ctx.log('[realtime] dropped a slow consumer (too many unread messages)');
      this.ws.terminate();
      return;
    }
    this.ws.send(frame);
  }

  private receive(data: Buffer, isBinary: boolean): void {
    this.lastSeen = Date.now();
    if (this.queued >= this.ctx.limits.maxQueuedMessages) {
      this.ctx.log('[realtime] closed a connection that sent messages faster than handled');
      this.close(1008, 'Too many messages');
      return;
    }
    let message: PhxMessage;
    try {
      message = decodeFrame(data, isBinary, this.ctx.vsn);
    } catch (error) {
      if (!(error instanceof MalformedFrameError)) throw error;
      this.push({
        topic: 'phoenix',
        event: 'phx_error',
        payload: { reason: `Malformed message: ${error.message}` },
      });
      return;
    }
    this.queued += 1;
    this.queue = this.queue
      .then(() => this.handle(message, data.length))
      .catch((error: unknown) => {
        this.ctx.log(`[realtime] ${message.event} on ${message.topic}: ${(error as Error).stack}`);
        this.replyTo(message, 'error', { reason: 'Internal error' });
      })
      .finally(() => (this.queued -= 1));
  }

  private replyTo(message: PhxMessage, status: 'ok' | 'error', response = {}): void {
    this.push({
      joinRef: message.joinRef,
      ref: message.ref,
      topic: message.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }

  private async handle(message: PhxMessage, size: number): Promise<void> {
    const { topic, event, payload } = message;
    if (topic === 'phoenix') {
      if (event === 'heartbeat') return this.replyTo(message, 'ok');
      return this.replyTo(message, 'error', { reason: `Unknown event "${event}" on phoenix` });
    }
    if (event === 'phx_join') return this.join(message);
    const channel = this.channels.get(topic);
    if (!channel || (message.joinRef !== null && message.joinRef !== channel.joinRef))
      return this.replyTo(message, 'error', { reason: 'unmatched topic' });
    switch (event) {
      case 'phx_leave':
        channel.leave();
        this.channels.delete(topic);
        return this.replyTo(message, 'ok');
      case 'access_token': {
        const token = payload.access_token;
        if (typeof token === 'string' && token.startsWith('sb_')) return;
        const result = await verifyAccessToken(token, this.ctx.verify);
        if (!result.ok) return channel.shutdown(result.reason);
        channel.refresh(result.value);
        return;
      }
      case 'broadcast': {
        if (size > this.ctx.limits.maxMessageBytes)
          return this.replyTo(message, 'error', {
            reason: `Payload size exceeded: at most ${this.ctx.limits.maxMessageBytes} bytes`,
          });
        const userEvent = payload.event;
        if (typeof userEvent !== 'string' || userEvent.length === 0 || userEvent.length > 255)
          return this.replyTo(message, 'error', { reason: 'A broadcast needs an event name' });
        channel.broadcast(userEvent, payload.payload, message.userPayload);
        if (channel.config.ack) this.replyTo(message, 'ok');
        return;
      }
      case 'presence': {
        if (size > this.ctx.limits.maxMessageBytes)
          return this.replyTo(message, 'error', {
            reason: `Payload size exceeded: at most ${this.ctx.limits.maxMessageBytes} bytes`,
          });
        if (payload.event === 'track') {
          if (!isRecord(payload.payload))
            return this.replyTo(message, 'error', {
              reason: 'Presence track payload must be a map',
            });
          channel.track(payload.payload);
          return this.replyTo(message, 'ok');
        }
        if (payload.event === 'untrack') {
          channel.untrack();
          return this.replyTo(message, 'ok');
        }
        return this.replyTo(message, 'error', {
          reason: 'Presence event must be track or untrack',
        });
      }
      default:
        return this.replyTo(message, 'error', { reason: `Unknown event "${event}"` });
    }
  }

  private async join(message: PhxMessage): Promise<void> {
    const { topic, payload } = message;
    if (!topic.startsWith('realtime:') || topic.length > 255)
      return this.replyTo(message, 'error', { reason: 'unmatched topic' });
    // Joining a topic again replaces the earlier join, as Phoenix does.
    const previous = this.channels.get(topic);
    if (previous) {
      previous.push('phx_close', {});
      previous.leave();
      this.channels.delete(topic);
    }
    if (this.channels.size >= this.ctx.limits.maxChannelsPerConnection)
      return this.replyTo(message, 'error', {
        reason: `ChannelRateLimitReached: Too many channels (at most ${this.ctx.limits.maxChannelsPerConnection} per connection)`,
      });
    const config = parseJoinConfig(payload);
    if (typeof config === 'string') return this.replyTo(message, 'error', { reason: config });
    if (config.changes.length > this.ctx.limits.maxBindingsPerChannel)
      return this.replyTo(message, 'error', {
        reason: `Too many postgres_changes bindings (at most ${this.ctx.limits.maxBindingsPerChannel})`,
      });
    const token = await verifyAccessToken(payload.access_token ?? this.ctx.apikey, this.ctx.verify);
    if (!token.ok) return this.replyTo(message, 'error', { reason: token.reason });
    if (this.ws.readyState !== WebSocket.OPEN) return;

    // The bindings are in place before the reply: a change committed after SUBSCRIBED arrives.
    const problem = config.changes.length
      ? await this.ctx.changes.validate(config.changes)
      : undefined;
    if (this.ws.readyState !== WebSocket.OPEN) return;
    const channel = new Channel(
      this.ctx.nextId(),
      topic,
      message.joinRef,
      token.value,
      config,
      this,
    );
    this.channels.set(topic, channel);
    const ids = config.changes.map(() => this.ctx.nextId());
    if (!problem) channel.bindChanges(ids);
    const response = config.changes.map((spec, i) => ({ ...spec, id: ids[i] }));
    this.replyTo(message, 'ok', { postgres_changes: response });
    if (config.presenceEnabled) channel.push('presence_state', this.ctx.presence.state(topic));
    if (config.changes.length === 0) return;
    if (problem) return channel.system('postgres_changes', 'error', problem);
    if (await this.ctx.changesReady(10_000))
      channel.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    else
      channel.system(
        'postgres_changes',
        'error',
        'Realtime is not connected to the database yet; changes will arrive once it is',
      );
  }

  private closeAll(): void {
    for (const channel of this.channels.values()) channel.leave();
    this.channels.clear();
  }
}
