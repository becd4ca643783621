/**
 * Reads row changes from the database through logical replication with the built-in `pgoutput`
 * plugin, decoded by pg-logical-replication. The slot is TEMPORARY: Postgres drops it when the
 * replication connection ends, so a stopped, crashed or restarted stack never leaves one behind.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { LogicalReplicationService, PgoutputPlugin, type Pgoutput } from 'pg-logical-replication';
import type { ColumnType, TextTuple } from './values.ts';

export const PUBLICATION = 'supabase_realtime';
/** Every slot this stack creates starts with this prefix. */
export const SLOT_PREFIX = 'verdant_realtime_';

export type ChangeKind = 'INSERT' | 'UPDATE' | 'DELETE';

export interface RelationInfo {
  oid: number;
  schema: string;
  table: string;
  replicaIdentity: 'default' | 'nothing' | 'full' | 'index';
  columns: Array<{ name: string; type: ColumnType }>;
}

export interface Change {
  kind: ChangeKind;
  relation: RelationInfo;
  /** The new row (INSERT, UPDATE). */
  record: TextTuple | null;
  /** The old row as the replica identity gives it (UPDATE, DELETE); null when not sent. */
  old: TextTuple | null;
  commitTime: Date;
}

export interface ReplicationOptions {
  /** Superuser connection string; read at each (re)connect. */
  databaseUrl: () => string;
  /** Superuser pool for catalogue lookups. */
  pool: pg.Pool;
  /** Receives each change in commit order; the stream waits while it returns a pending promise. */
  onChange: (change: Change) => Promise<void> | void;
  /** Called whenever the stream becomes ready or stops being ready. */
  onReady?: (ready: boolean) => void;
  log: (line: string) => void;
}

export interface Replication {
  readonly ready: boolean;
  /** Name of the current slot (undefined while not connected). */
  readonly slotName: string | undefined;
  /** Resolves once the stream is running (or rejects after `timeoutMs`). */
  whenReady(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

type ParserWithColumns = {
  readRelationColumn: (reader: unknown) => Pgoutput.RelationColumn;
};

/** pgoutput with a temporary slot, and column values left as Postgres's text. */
class TemporarySlotPgoutput extends PgoutputPlugin {
  constructor(publication: string) {
    super({ protoVersion: 1, publicationNames: [publication] });
    const parser = (this as unknown as { parser: ParserWithColumns }).parser;
    const readColumn = parser.readRelationColumn.bind(parser);
    parser.readRelationColumn = (reader) => ({ ...readColumn(reader), parser: (raw) => raw });
  }

  override async start(client: pg.Client, slotName: string, lastLsn: string): Promise<unknown> {
    await client.query(
      `CREATE_REPLICATION_SLOT "${slotName}" TEMPORARY LOGICAL pgoutput (SNAPSHOT 'nothing')`,
    );
    return super.start(client, slotName, lastLsn);
  }
}

const RETRY_MS = [250, 1_000, 2_000, 5_000];

/** Removes slots of this stack that no session holds (left by an older version or a crash). */
export async function dropStaleSlots(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ dropped: boolean }>(
    `select pg_drop_replication_slot(slot_name) is null as dropped from pg_replication_slots
      where slot_name like $1 and not active`,
    [`${SLOT_PREFIX}%`],
  );
  return result.rowCount ?? 0;
}

export function startReplication(opts: ReplicationOptions): Replication {
  let stopped = false;
  let ready = false;
  let slotName: string | undefined;
  let service: LogicalReplicationService | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  const waiters = new Set<() => void>();
  const typeCache = new Map<number, ColumnType>();
  const relations = new Map<number, RelationInfo>();
  let begin: Date = new Date();

  const setReady = (value: boolean) => {
    if (ready === value) return;
    ready = value;
    opts.onReady?.(value);
    if (value) for (const wake of waiters) wake();
  };

  const columnTypes = async (oids: number[]): Promise<void> => {
    const missing = [...new Set(oids)].filter((oid) => !typeCache.has(oid));
    if (missing.length === 0) return;
    const { rows } = await opts.pool.query<{
      oid: number;
      typname: string;
      typcategory: string;
      elem_name: string | null;
      elem_category: string | null;
    }>(
      `select t.oid::int as oid, t.typname, t.typcategory, e.typname as elem_name, e.typcategory as elem_category
         from pg_type t left join pg_type e on e.oid = t.typelem and t.typcategory = 'A'
        where t.oid = any($1::oid[])`,
      [missing],
    );
    for (const row of rows) {
      typeCache.set(row.oid, {
        name: row.typname,
        category: row.typcategory,
        element:
          row.elem_name && row.elem_category
            ? { name: row.elem_name, category: row.elem_category }
            : undefined,
      });
    }
  };

  const relationOf = async (message: Pgoutput.MessageRelation): Promise<RelationInfo> => {
    const known = relations.get(message.relationOid);
    if (known) return known;
    await columnTypes(message.columns.map((column) => column.typeOid));
    const info: RelationInfo = {
      oid: message.relationOid,
      schema: message.schema,
      table: message.name,
      replicaIdentity: message.replicaIdentity,
      columns: message.columns.map((column) => ({
        name: column.name,
        type: typeCache.get(column.typeOid) ?? { name: 'text', category: 'S' },
      })),
    };
    relations.set(message.relationOid, info);
    return info;
  };

  const handle = async (message: Pgoutput.Message): Promise<void> => {
    switch (message.tag) {
      case 'begin':
        begin = new Date(Number(message.commitTime) / 1000);
        return;
      case 'relation':
        // A relation message arrives before its first change and after every schema change.
        relations.delete(message.relationOid);
        await relationOf(message);
        return;
      case 'insert':
        await opts.onChange({
          kind: 'INSERT',
          relation: await relationOf(message.relation),
          record: message.new as TextTuple,
          old: null,
          commitTime: begin,
        });
        return;
      case 'update':
        await opts.onChange({
          kind: 'UPDATE',
          relation: await relationOf(message.relation),
          record: message.new as TextTuple,
          old: (message.old ?? message.key) as TextTuple | null,
          commitTime: begin,
        });
        return;
      case 'delete':
        await opts.onChange({
          kind: 'DELETE',
          relation: await relationOf(message.relation),
          record: null,
          old: (message.old ?? message.key) as TextTuple | null,
          commitTime: begin,
        });
        return;
      default:
        return;
    }
  };

  const connect = () => {
    if (stopped) return;
    retryTimer = undefined;
    slotName = `${SLOT_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
    relations.clear();
    const current = new LogicalReplicationService(
      { connectionString: opts.databaseUrl() },
      // Progress is confirmed once a second rather than after every message (the slot is
      // temporary: nothing is replayed from it after a reconnect anyway).
      { acknowledge: { auto: false, timeoutSeconds: 1 }, flowControl: { enabled: true } },
    );
    service = current;
    current.on('start', () => {
      failures = 0;
      setReady(true);
    });
    current.on('data', (_lsn: string, message: Pgoutput.Message) => handle(message));
    let failed = false;
    const fail = (error: unknown) => {
      if (failed || current !== service) return;
      failed = true;
      setReady(false);
      void current.destroy().catch(() => undefined);
      if (stopped) return;
      const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
      failures += 1;
      if (failures === 1 || failures % 10 === 0)
        opts.log(
          `[realtime] replication stream stopped (${(error as Error)?.message ?? String(error)}); reconnecting`,
        );
      retryTimer = setTimeout(connect, delay);
    };
    current.on('error', fail);
    current.subscribe(new TemporarySlotPgoutput(PUBLICATION), slotName).then(
      () => fail(new Error('replication ended')),
      (error: unknown) => fail(error),
    );
  };
  connect();

  return {
    get ready() {
      return ready;
    },
    get slotName() {
      return ready ? slotName : undefined;
    },
    whenReady(timeoutMs = 30_000) {
      if (ready) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const wake = () => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error('The realtime replication stream did not start in time'));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      setReady(false);
      const current = service;
      service = undefined;
      await current?.destroy().catch(() => undefined);
    },
  };
}
