// Pure parts of realtime: filters, value conversion, the wire formats, presence diffs.
import { describe, expect, it, vi } from 'vitest';
import { createChangeHub, type Subscriber } from '../src/realtime/changes.ts';
import {
  FilterError,
  matchesFilter,
  parseFilter,
  validateFilter,
} from '../src/realtime/filters.ts';
import { PresenceRegistry } from '../src/realtime/presence.ts';
import type { Change, RelationInfo } from '../src/realtime/replication.ts';
import {
  MalformedFrameError,
  decodeFrame,
  encodeText,
  encodeUserBroadcast,
} from '../src/realtime/serializer.ts';
import { parseArrayLiteral, toJsonValue, toPopulateValue } from '../src/realtime/values.ts';
import type { Visibility } from '../src/realtime/visibility.ts';

const int4 = { name: 'int4', category: 'N' };
const text = { name: 'text', category: 'S' };
const uuid = { name: 'uuid', category: 'U' };
const timestamptz = { name: 'timestamptz', category: 'D' };

describe('filters', () => {
  it('parses every operator and quoted in-lists', () => {
    expect(parseFilter('amount=gte.10')).toEqual({ column: 'amount', op: 'gte', values: ['10'] });
    expect(parseFilter('name=in.(a,"b,c",d)')).toEqual({
      column: 'name',
      op: 'in',
      values: ['a', 'b,c', 'd'],
    });
    expect(parseFilter('body=eq.a.b')).toEqual({ column: 'body', op: 'eq', values: ['a.b'] });
  });

  it('refuses malformed filters with a reason', () => {
    expect(() => parseFilter('amount')).toThrow(FilterError);
    expect(() => parseFilter('amount=like.x')).toThrow('not supported');
    expect(() => parseFilter('amount=in.1,2')).toThrow('parentheses');
    expect(() => validateFilter(parseFilter('amount=eq.ten'), int4)).toThrow('not a valid int4');
  });

  it('compares by the column type; NULL matches nothing', () => {
    const row = { amount: '100', name: 'b', id: 'ABC', at: '2026-11-23 07:00:00+00', none: null };
    expect(matchesFilter(parseFilter('amount=gt.99'), row, int4)).toBe(true);
    expect(matchesFilter(parseFilter('amount=lt.99'), row, int4)).toBe(false);
    // Numerically, not as text: "100" > "20" although "100" < "20" as strings.
    expect(matchesFilter(parseFilter('amount=gt.20'), row, int4)).toBe(true);
    expect(matchesFilter(parseFilter('name=lte.b'), row, text)).toBe(true);
    expect(matchesFilter(parseFilter('id=eq.abc'), row, uuid)).toBe(true);
    expect(matchesFilter(parseFilter('at=gte.2026-11-23T06:00:00Z'), row, timestamptz)).toBe(true);
    expect(matchesFilter(parseFilter('none=neq.x'), row, text)).toBe(false);
    expect(matchesFilter(parseFilter('amount=in.(1,100)'), row, int4)).toBe(true);
  });
});

describe('values', () => {
  it('renders text values as to_jsonb would', () => {
    expect(toJsonValue('42', int4)).toBe(42);
    expect(toJsonValue('t', { name: 'bool', category: 'B' })).toBe(true);
    expect(toJsonValue('{"a":1}', { name: 'jsonb', category: 'U' })).toEqual({ a: 1 });
    expect(toJsonValue('2026-11-23 07:00:00.5+00', timestamptz)).toBe(
      '2026-11-23T07:00:00.5+00:00',
    );
    expect(toJsonValue('{1,2,NULL}', { name: '_int4', category: 'A', element: int4 })).toEqual([
      1,
      2,
      null,
    ]);
    expect(toJsonValue(null, text)).toBeNull();
    expect(toPopulateValue('{"a":1}', { name: 'json', category: 'U' })).toEqual({ a: 1 });
    expect(toPopulateValue('7', int4)).toBe('7');
  });

  it('parses nested and quoted array literals', () => {
    expect(parseArrayLiteral('{{1,2},{3,4}}')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parseArrayLiteral('{"a,b","c\\"d",NULL}')).toEqual(['a,b', 'c"d', null]);
  });
});

describe('serializer', () => {
  it('decodes both text formats and refuses anything else', () => {
    expect(
      decodeFrame(Buffer.from('["1","2","realtime:x","phx_join",{}]'), false, '2.0.0'),
    ).toEqual({ joinRef: '1', ref: '2', topic: 'realtime:x', event: 'phx_join', payload: {} });
    const v1 = '{"join_ref":null,"ref":"3","topic":"phoenix","event":"heartbeat","payload":{}}';
    expect(decodeFrame(Buffer.from(v1), false, '1.0.0').event).toBe('heartbeat');
    expect(() => decodeFrame(Buffer.from(v1), false, '2.0.0')).toThrow(MalformedFrameError);
    expect(() => decodeFrame(Buffer.from('[1,2]'), false, '2.0.0')).toThrow(MalformedFrameError);
    expect(() => decodeFrame(Buffer.from([3, 1]), true, '2.0.0')).toThrow(MalformedFrameError);
    expect(() => decodeFrame(Buffer.from([3, 0]), true, '1.0.0')).toThrow('vsn 2.0.0');
  });

  it('decodes a user broadcast push and encodes a user broadcast', () => {
    const parts = ['1', '2', 'realtime:r', 'move', ''].map((p) => Buffer.from(p));
    const body = Buffer.from('{"x":1}');
    const frame = Buffer.concat([
      Buffer.from([3, ...parts.map((p) => p.length), 1]),
      ...parts,
      body,
    ]);
    const message = decodeFrame(frame, true, '2.0.0');
    expect(message).toMatchObject({
      joinRef: '1',
      ref: '2',
      topic: 'realtime:r',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'move', payload: { x: 1 } },
    });
    const out = encodeUserBroadcast('realtime:r', 'move', message.userPayload!)!;
    expect([...out.subarray(0, 5)]).toEqual([4, 10, 4, 0, 1]);
    expect(out.subarray(5 + 14).toString()).toBe('{"x":1}');
    expect(encodeText({ topic: 't', event: 'e', payload: {} }, '2.0.0')).toBe(
      '[null,null,"t","e",{}]',
    );
  });
});

describe('presence', () => {
  it('tracks, re-tracks with phx_ref_prev, and untracks', () => {
    const registry = new PresenceRegistry();
    const joined = registry.track('realtime:lobby', 1, 'alice', { status: 'online' });
    const ref = joined.joins.alice!.metas[0]!.phx_ref;
    expect(registry.state('realtime:lobby').alice!.metas).toHaveLength(1);
    const moved = registry.track('realtime:lobby', 1, 'alice', { status: 'away' });
    expect(moved.leaves.alice!.metas[0]!.phx_ref).toBe(ref);
    expect(moved.joins.alice!.metas[0]).toMatchObject({ status: 'away', phx_ref_prev: ref });
    expect(registry.untrack('realtime:lobby', 1)?.leaves.alice).toBeDefined();
    expect(registry.untrack('realtime:lobby', 1)).toBeUndefined();
    expect(registry.topicCount).toBe(0);
  });
});

describe('change hub matching', () => {
  // Visibility is Postgres's business (tested against the real stack); here every viewer may see
  // every row, so what arrives is decided by schema, table, event and filter alone.
  const everyone: Visibility = {
    install: async () => undefined,
    check: async (_relation, _row, viewers) => viewers.map(() => true),
    visibleColumns: async (relation) => new Set(relation.columns.map((c) => c.name)),
    primaryKey: async () => ['id'],
  };
  const relation = (): RelationInfo => ({
    oid: 1,
    schema: 'public',
    table: 'messages',
    replicaIdentity: 'default',
    columns: [
      { name: 'id', type: int4 },
      { name: 'conversation_id', type: uuid },
      { name: 'body', type: text },
    ],
  });
  const subscriber = (name: string, got: string[]): Subscriber => ({
    viewer: () => ({ role: 'authenticated', claimsJson: `{"sub":"${name}"}` }),
    deliver: (ids) => got.push(`${name}:${ids.join(',')}`),
  });
  const conversation = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

  it('finds the subscribers of eq filters by value, beside the others, in subscription order', async () => {
    const hub = createChangeHub({ pool: {} as never, visibility: everyone, log: () => undefined });
    const got: string[] = [];
    const messages = relation();
    // 200 clients each following their own conversation, as in the realtime benchmark.
    const clients = Array.from({ length: 200 }, (_, i) => subscriber(`c${i}`, got));
    clients.forEach((client, i) =>
      hub.add(client, 1, {
        event: 'INSERT',
        schema: 'public',
        table: 'messages',
        filter: `conversation_id=eq.${conversation(i).toUpperCase()}`,
      }),
    );
    const all = subscriber('all', got);
    hub.add(all, 7, { event: '*', schema: 'public', table: 'messages' });
    const some = subscriber('some', got);
    hub.add(some, 8, {
      event: 'INSERT',
      schema: 'public',
      table: 'messages',
      filter: `conversation_id=in.(${conversation(3)},${conversation(5)})`,
    });
    const updates = subscriber('updates', got);
    hub.add(updates, 9, {
      event: 'UPDATE',
      schema: 'public',
      table: 'messages',
      filter: `conversation_id=eq.${conversation(3)}`,
    });
    const wildcard = subscriber('schema', got);
    hub.add(wildcard, 10, { event: 'INSERT', schema: 'public', table: '*' });

    const insert = (id: number, conv: string | null): Change => ({
      kind: 'INSERT',
      relation: messages,
      record: { id: String(id), conversation_id: conv, body: 'hi' },
      old: null,
      commitTime: new Date(),
    });
    await hub.dispatch(insert(1, conversation(3)));
    await hub.dispatch(insert(2, conversation(150)));
    await hub.dispatch(insert(3, conversation(999)));
    await hub.dispatch(insert(4, null));
    await hub.dispatch({ ...insert(5, conversation(3)), kind: 'UPDATE' });
    await vi.waitFor(() => expect(got).toHaveLength(13));
    expect(got).toEqual([
      'c3:1',
      'all:7',
      'some:8',
      'schema:10',
      'c150:1',
      'all:7',
      'schema:10',
      'all:7',
      'schema:10',
      'all:7',
      'schema:10',
      'all:7',
      'updates:9',
    ]);

    // Leaving and joining rebuild the lookup.
    hub.remove(clients[3]!);
    hub.add(subscriber('late', got), 2, {
      event: 'INSERT',
      schema: 'public',
      table: 'messages',
      filter: `conversation_id=eq.${conversation(3)}`,
    });
    got.length = 0;
    await hub.dispatch(insert(6, conversation(3)));
    await vi.waitFor(() => expect(got).toHaveLength(4));
    expect(got).toEqual(['all:7', 'some:8', 'late:2', 'schema:10']);
  });
});
