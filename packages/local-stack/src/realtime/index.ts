/**
 * The stack's `/realtime/v1`: Phoenix channels over `ws` for unmodified realtime-js clients —
 * `postgres_changes` from logical replication (checked per subscriber under RLS), broadcast
 * and presence — plus the HTTP broadcast endpoints.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';
import { createChangeHub } from './changes.ts';
import type { Channel } from './channel.ts';
import { Connection, DEFAULT_LIMITS, type RealtimeLimits } from './connection.ts';
import { PresenceRegistry } from './presence.ts';
import { PUBLICATION, dropStaleSlots, startReplication, type Replication } from './replication.ts';
import { SUPPORTED_VSNS, type Vsn } from './serializer.ts';
import { createVisibility } from './visibility.ts';

export { DEFAULT_LIMITS, type RealtimeLimits } from './connection.ts';
export { PUBLICATION, SLOT_PREFIX } from './replication.ts';

export interface RealtimeOptions {
  /** Superuser pool (catalogue lookups, the RLS checks). */
  pool: pg.Pool;
  /** Superuser connection string for the replication connection; read at each (re)connect. */
  databaseUrl: () => string;
  /** Verifies a JWT with the stack's key (throws when invalid or expired). */
  verify(token: string): Promise<Record<string, unknown>>;
  limits?: Partial<RealtimeLimits>;
  log: (line: string) => void;
}

export interface Realtime {
  /** Takes over an HTTP upgrade for `/realtime/v1/websocket` (the apikey is already checked). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, apikey: string): void;
  /** `/realtime/v1/api/broadcast…` (path after `/realtime/v1`). */
  handle(req: Request, info: { path: string }): Promise<Response>;
  /** Resolves once changes flow from the database. */
  ready(timeoutMs?: number): Promise<void>;
  /** Current replication slot (for diagnostics and tests). */
  readonly slotName: string | undefined;
  readonly connectionCount: number;
  stop(): Promise<void>;
}

function refuse(socket: Duplex, status: number, reason: string, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export async function createRealtime(opts: RealtimeOptions): Promise<Realtime> {
  const limits: RealtimeLimits = { ...DEFAULT_LIMITS, ...opts.limits };
  const visibility = createVisibility(opts.pool);
  // What postgres_changes need in the database. On a database where the stack's user lacks the
  // rights (an external DATABASE_URL), broadcast and presence still work.
  let prepared = false;
  try {
    await visibility.install();
    // Hosted projects always have this publication; migrations add tables to it.
    await opts.pool.query(
      `do $$ begin
         if not exists (select 1 from pg_publication where pubname = '${PUBLICATION}') then
           create publication ${PUBLICATION};
         end if;
       end $$`,
    );
    const stale = await dropStaleSlots(opts.pool);
    if (stale) opts.log(`[realtime] dropped ${stale} replication slot(s) left by an earlier run`);
    prepared = true;
  } catch (error) {
    opts.log(
      `[realtime] postgres_changes are off (${(error as Error).message}); broadcast and presence work`,
    );
  }

  const changes = createChangeHub({ pool: opts.pool, visibility, log: opts.log });
  const presence = new PresenceRegistry();
  const members = new Map<string, Set<Channel>>();
  const connections = new Set<Connection>();
  let ids = 0;

  const { rows } = await opts.pool.query<{ wal_level: string }>('show wal_level');
  let replication: Replication | undefined;
  if (!prepared) {
    // already logged
  } else if (rows[0]?.wal_level === 'logical') {
    replication = startReplication({
      databaseUrl: opts.databaseUrl,
      pool: opts.pool,
      onChange: (change) => changes.dispatch(change),
      log: opts.log,
    });
  } else {
    opts.log(
      `[realtime] wal_level is ${rows[0]?.wal_level ?? 'unknown'}, not logical: postgres_changes are off (broadcast and presence work)`,
    );
  }
  const changesReady = async (timeoutMs: number) => {
    if (!replication) return false;
    try {
      await replication.whenReady(timeoutMs);
      return true;
    } catch {
      return false;
    }
  };

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxFrameBytes,
    perMessageDeflate: false,
    handleProtocols: (protocols) => (protocols.has('phoenix') ? 'phoenix' : false),
  });

  const sweep = setInterval(() => {
    for (const connection of connections)
      if (connection.idleMs > limits.idleTimeoutMs) connection.close(1000, 'Idle timeout');
  }, 5_000);
  sweep.unref();

  const broadcastTo = (topic: string, event: string, payload: unknown) => {
    for (const member of members.get(topic) ?? [])
      member.push('broadcast', { type: 'broadcast', event, payload });
  };

  return {
    get slotName() {
      return replication?.slotName;
    },
    get connectionCount() {
      return connections.size;
    },
    async ready(timeoutMs = 30_000) {
      try {
        await replication?.whenReady(timeoutMs);
      } catch {
        opts.log(
          '[realtime] the replication stream has not started yet; changes flow once it does',
        );
      }
    },
    upgrade(req, socket, head, apikey) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const vsn = (url.searchParams.get('vsn') ?? '1.0.0') as Vsn;
      if (!SUPPORTED_VSNS.includes(vsn)) {
        refuse(
          socket,
          400,
          'Bad Request',
          `Unsupported serializer version ${vsn} (use 1.0.0 or 2.0.0)`,
        );
        return;
      }
      if (connections.size >= limits.maxConnections) {
        refuse(
          socket,
          429,
          'Too Many Requests',
          `Too many realtime connections (at most ${limits.maxConnections})`,
        );
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
        const connection = new Connection(ws, {
          vsn,
          apikey,
          limits,
          changes,
          presence,
          members,
          verify: opts.verify,
          nextId: () => (ids += 1),
          changesReady,
          log: opts.log,
        });
        connections.add(connection);
        ws.on('close', () => connections.delete(connection));
      });
    },
    async handle(req, info) {
      if (req.method !== 'POST') return json(405, { message: 'Method not allowed' });
      let body: unknown;
      const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/.exec(info.path);
      if (single) {
        if (req.headers.get('content-type')?.includes('application/octet-stream'))
          return json(400, { message: 'Binary broadcasts over HTTP are not supported' });
        try {
          body = await req.json();
        } catch {
          return json(400, { message: 'The body must be JSON' });
        }
        broadcastTo(
          `realtime:${decodeURIComponent(single[1]!)}`,
          decodeURIComponent(single[2]!),
          body,
        );
        return new Response(null, { status: 202 });
      }
      if (info.path !== '/api/broadcast') return json(404, { message: 'Not found' });
      try {
        body = await req.json();
      } catch {
        return json(400, { message: 'The body must be JSON' });
      }
      // `null` and other non-objects are valid JSON too: a 400, not a crash.
      const messages = (body as { messages?: unknown } | null)?.messages;
      if (!Array.isArray(messages) || messages.length > 100)
        return json(400, { message: 'The body must have a list of at most 100 messages' });
      for (const m of messages as Array<Record<string, unknown>>) {
        if (typeof m?.topic !== 'string' || typeof m.event !== 'string')
          return json(400, { message: 'Each message needs a topic and an event' });
      }
      for (const m of messages as Array<{ topic: string; event: string; payload?: unknown }>)
        broadcastTo(`realtime:${m.topic}`, m.event, m.payload ?? {});
      return new Response(null, { status: 202 });
    },
    async stop() {
      clearInterval(sweep);
      for (const connection of connections) connection.close(1001, 'Server shutting down');
      connections.clear();
      await replication?.stop();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
