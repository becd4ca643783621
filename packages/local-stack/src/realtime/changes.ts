/**
 * `postgres_changes`: subscriptions of joined channels, matched against each change from the
 * replication stream (schema, table, event, row filter), checked in Postgres as each subscriber
 * (see visibility.ts) and delivered in commit order in hosted Realtime's message shape.
 */
import type pg from 'pg';
import {
  FilterError,
  comparable,
  matchesFilter,
  parseFilter,
  validateFilter,
  type Comparable,
  type RowFilter,
} from './filters.ts';
import { PUBLICATION, type Change, type ChangeKind, type RelationInfo } from './replication.ts';
import { toJsonValue, toPopulateValue, type ColumnType, type TextTuple } from './values.ts';
import type { SubscriberRole, Viewer, Visibility } from './visibility.ts';

export type ChangeEvent = '*' | ChangeKind;

/** What a client asks for in `config.postgres_changes[i]`. */
export interface ChangeSpec {
  event: ChangeEvent;
  schema: string;
  table?: string;
  filter?: string;
}

/** The channel side of a subscription. */
export interface Subscriber {
  /** The role and claims of the channel's current token (they change on `access_token`). */
  viewer(): Viewer;
  /** Sends one `postgres_changes` message carrying the ids of the matching bindings. */
  deliver(ids: number[], data: Record<string, unknown>): void;
}

interface Subscription {
  id: number;
  /** Order of subscribing (candidates keep it). */
  seq: number;
  subscriber: Subscriber;
  event: ChangeEvent;
  schema: string;
  table: string | undefined;
  filter: RowFilter | undefined;
}

/**
 * The subscriptions to one table, arranged for its current relation: `eq` filters by column and
 * compared value (a change finds its subscribers with one lookup per filtered column instead of
 * testing every filter: the common case of many clients each following their own rows), the rest
 * to test one by one. Filters that can never match this relation (an unknown column, a value that
 * is not of the column's type) are left out.
 */
interface TableIndex {
  relation: RelationInfo;
  eq: Map<string, { type: ColumnType; byValue: Map<Comparable, Subscription[]> }>;
  rest: Subscription[];
}

/** Changes in flight (checked but not yet delivered) before the replication stream is paused. */
const MAX_IN_FLIGHT = 256;

const KINDS: readonly string[] = ['*', 'INSERT', 'UPDATE', 'DELETE'];

export interface ChangeHub {
  /** Validates the specs against the database; resolves to an error message or undefined. */
  validate(specs: ChangeSpec[]): Promise<string | undefined>;
  add(subscriber: Subscriber, id: number, spec: ChangeSpec): void;
  remove(subscriber: Subscriber): void;
  /** Feeds one change from the replication stream; the returned promise applies backpressure. */
  dispatch(change: Change): Promise<void>;
  readonly size: number;
}

export function createChangeHub(opts: {
  pool: pg.Pool;
  visibility: Visibility;
  log: (line: string) => void;
}): ChangeHub {
  /** `schema.table` (or `schema.*`) → subscriptions. */
  const byTable = new Map<string, Set<Subscription>>();
  const bySubscriber = new Map<Subscriber, Subscription[]>();
  /** `schema.table` → its index, rebuilt when its subscriptions or its relation change. */
  const indexes = new Map<string, TableIndex>();
  let seq = 0;
  let tail: Promise<void> = Promise.resolve();
  let inFlight = 0;
  let drained: (() => void) | undefined;

  const keyOf = (schema: string, table: string | undefined) => `${schema}.${table ?? '*'}`;

  const indexFor = (key: string, relation: RelationInfo): TableIndex | undefined => {
    const subs = byTable.get(key);
    if (!subs) return undefined;
    const known = indexes.get(key);
    if (known?.relation === relation) return known;
    const index: TableIndex = { relation, eq: new Map(), rest: [] };
    for (const sub of subs) {
      if (sub.filter?.op !== 'eq') {
        index.rest.push(sub);
        continue;
      }
      const type = relation.columns.find((c) => c.name === sub.filter!.column)?.type;
      const value = type && comparable(sub.filter.values[0]!, type);
      if (!type || value === undefined) continue;
      const column = index.eq.get(sub.filter.column) ?? { type, byValue: new Map() };
      column.byValue.set(value, [...(column.byValue.get(value) ?? []), sub]);
      index.eq.set(sub.filter.column, column);
    }
    indexes.set(key, index);
    return index;
  };

  const candidates = (change: Change): Subscription[] => {
    const { schema, table } = change.relation;
    const row = change.kind === 'DELETE' ? change.old : change.record;
    const wanted = (sub: Subscription) => sub.event === '*' || sub.event === change.kind;
    const passes = (sub: Subscription) => {
      if (!sub.filter) return true;
      const column = change.relation.columns.find((c) => c.name === sub.filter!.column);
      return !!column && !!row && matchesFilter(sub.filter, row, column.type);
    };
    const found: Subscription[] = [];
    const index = indexFor(keyOf(schema, table), change.relation);
    if (index) {
      for (const sub of index.rest) if (wanted(sub) && passes(sub)) found.push(sub);
      for (const [column, { type, byValue }] of index.eq) {
        const text = row?.[column];
        const value = typeof text === 'string' ? comparable(text, type) : undefined;
        if (value === undefined) continue;
        for (const sub of byValue.get(value) ?? []) if (wanted(sub)) found.push(sub);
      }
      if (index.eq.size > 0) found.sort((a, b) => a.seq - b.seq);
    }
    for (const sub of byTable.get(keyOf(schema, undefined)) ?? [])
      if (wanted(sub) && passes(sub)) found.push(sub);
    return found;
  };

  const render = (
    tuple: TextTuple | null,
    relation: RelationInfo,
    allowed: Set<string>,
    convert: (text: string | null | undefined, type: ColumnType) => unknown,
  ): Record<string, unknown> | null => {
    if (!tuple) return null;
    const out: Record<string, unknown> = {};
    for (const { name, type } of relation.columns) {
      if (!allowed.has(name) || !(name in tuple) || tuple[name] === undefined) continue;
      out[name] = convert(tuple[name], type);
    }
    return out;
  };

  const examine = async (change: Change, subs: Subscription[]): Promise<() => void> => {
    const { relation, kind } = change;
    const key = await opts.visibility.primaryKey(relation);
    // Without a key tuple (default identity, key unchanged) the old record of an UPDATE is its key.
    let old = change.old;
    if (kind === 'UPDATE' && !old && change.record) {
      old = Object.fromEntries(key.map((column) => [column, change.record![column]]));
    }
    const image = kind === 'DELETE' ? old : change.record;
    const everything = new Set(relation.columns.map((c) => c.name));
    const rowImage = render(image, relation, everything, toPopulateValue) ?? {};

    // One check per distinct token; several channels of one user share it.
    const viewers = new Map<string, Viewer>();
    const viewerOf = new Map<Subscription, string>();
    for (const sub of subs) {
      const viewer = sub.subscriber.viewer();
      const id = `${viewer.role}\n${viewer.claimsJson}`;
      viewers.set(id, viewer);
      viewerOf.set(sub, id);
    }
    const ids = [...viewers.keys()];
    const verdicts = await opts.visibility.check(
      relation,
      rowImage,
      ids.map((id) => viewers.get(id)!),
    );
    const visible = new Set(ids.filter((_, i) => verdicts[i]));
    const roles = new Set<SubscriberRole>([...viewers.values()].map((v) => v.role));
    const allowedByRole = new Map<SubscriberRole, Set<string>>();
    for (const role of roles)
      allowedByRole.set(role, await opts.visibility.visibleColumns(relation, role));

    // Group the visible subscriptions by channel: one message per channel, with all their ids.
    const perSubscriber = new Map<Subscriber, number[]>();
    for (const sub of subs) {
      if (!visible.has(viewerOf.get(sub)!)) continue;
      const list = perSubscriber.get(sub.subscriber) ?? [];
      list.push(sub.id);
      perSubscriber.set(sub.subscriber, list);
    }
    const commitTimestamp = change.commitTime.toISOString();
    const payloads = new Map<SubscriberRole, Record<string, unknown>>();
    const payloadFor = (role: SubscriberRole) => {
      let data = payloads.get(role);
      if (data) return data;
      const allowed = allowedByRole.get(role)!;
      data = {
        schema: relation.schema,
        table: relation.table,
        commit_timestamp: commitTimestamp,
        type: kind,
        columns: relation.columns
          .filter((c) => allowed.has(c.name))
          .map((c) => ({ name: c.name, type: c.type.name })),
        errors: null,
      };
      if (kind !== 'DELETE') data.record = render(change.record, relation, allowed, toJsonValue);
      if (kind !== 'INSERT') data.old_record = render(old, relation, allowed, toJsonValue) ?? {};
      payloads.set(role, data);
      return data;
    };
    return () => {
      for (const [subscriber, subIds] of perSubscriber) {
        // The channel may have left (or changed token) while the check ran.
        if (!bySubscriber.has(subscriber)) continue;
        subscriber.deliver(subIds, payloadFor(subscriber.viewer().role));
      }
    };
  };

  return {
    get size() {
      let n = 0;
      for (const subs of bySubscriber.values()) n += subs.length;
      return n;
    },
    async validate(specs) {
      for (const spec of specs) {
        const describe = `[event: ${spec.event}, schema: ${spec.schema}, table: ${spec.table ?? '*'}, filters: [${spec.filter ?? ''}]]`;
        const fail = (reason: string) =>
          `Unable to subscribe to changes with given parameters. ${reason} ${describe}`;
        if (!KINDS.includes(spec.event))
          return fail('The event must be *, INSERT, UPDATE or DELETE.');
        const table = spec.table === '*' ? undefined : spec.table;
        const { rows } = await opts.pool.query<{ oid: number }>(
          `select c.oid::int as oid from pg_publication_tables p
             join pg_class c on c.relname = p.tablename
             join pg_namespace n on n.oid = c.relnamespace and n.nspname = p.schemaname
            where p.pubname = $1 and p.schemaname = $2 and ($3::text is null or p.tablename = $3)`,
          [PUBLICATION, spec.schema, table ?? null],
        );
        if (rows.length === 0)
          return fail(
            `Please check Realtime is enabled for the given connect parameters (the table must be in the ${PUBLICATION} publication):`,
          );
        if (spec.filter !== undefined) {
          if (!table) return fail('A filter needs a table.');
          let filter: RowFilter;
          try {
            filter = parseFilter(spec.filter);
          } catch (error) {
            return fail(`Invalid filter: ${(error as Error).message}.`);
          }
          const column = await opts.pool.query<{ typname: string; typcategory: string }>(
            `select t.typname, t.typcategory from pg_attribute a join pg_type t on t.oid = a.atttypid
              where a.attrelid = $1::oid and a.attname = $2 and a.attnum > 0 and not a.attisdropped`,
            [rows[0]!.oid, filter.column],
          );
          const type = column.rows[0];
          if (!type) return fail(`Invalid filter: column ${filter.column} does not exist.`);
          try {
            validateFilter(filter, { name: type.typname, category: type.typcategory });
          } catch (error) {
            if (error instanceof FilterError) return fail(`Invalid filter: ${error.message}.`);
            throw error;
          }
        }
      }
      return undefined;
    },
    add(subscriber, id, spec) {
      const table = spec.table === '*' ? undefined : spec.table;
      const sub: Subscription = {
        id,
        seq: (seq += 1),
        subscriber,
        event: spec.event,
        schema: spec.schema,
        table,
        filter: spec.filter !== undefined ? parseFilter(spec.filter) : undefined,
      };
      const key = keyOf(spec.schema, table);
      const set = byTable.get(key) ?? new Set<Subscription>();
      set.add(sub);
      byTable.set(key, set);
      indexes.delete(key);
      bySubscriber.set(subscriber, [...(bySubscriber.get(subscriber) ?? []), sub]);
    },
    remove(subscriber) {
      for (const sub of bySubscriber.get(subscriber) ?? []) {
        const key = keyOf(sub.schema, sub.table);
        const set = byTable.get(key);
        set?.delete(sub);
        if (set?.size === 0) byTable.delete(key);
        indexes.delete(key);
      }
      bySubscriber.delete(subscriber);
    },
    async dispatch(change) {
      const subs = candidates(change);
      if (subs.length === 0) return;
      inFlight += 1;
      // Checks run concurrently; deliveries keep commit order.
      // A failed check (e.g. the database restarting) is tried once more before the change is
      // given up for these subscribers.
      const checked = examine(change, subs)
        .catch(async () => {
          await new Promise((resolve) => setTimeout(resolve, 250));
          return examine(change, subs);
        })
        .catch((error: unknown) => {
          opts.log(
            `[realtime] could not check ${change.relation.schema}.${change.relation.table} change: ${(error as Error).message}`,
          );
          return () => undefined;
        });
      tail = tail
        .then(() => checked)
        .then((deliver) => deliver())
        .finally(() => {
          inFlight -= 1;
          if (inFlight < MAX_IN_FLIGHT / 2 && drained) {
            drained();
            drained = undefined;
          }
        });
      if (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => (drained = resolve));
    },
  };
}
