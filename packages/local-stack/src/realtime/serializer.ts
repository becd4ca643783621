/**
 * The Phoenix channel wire formats realtime-js speaks.
 *
 * - `1.0.0`: every frame is a JSON object `{ join_ref, ref, topic, event, payload }`.
 * - `2.0.0`: text frames are JSON arrays `[join_ref, ref, topic, event, payload]`; user broadcasts
 *   travel as binary frames (client → server kind 3 "user broadcast push", server → client kind 4
 *   "user broadcast") so their payload is not parsed on the way through.
 */

export type Vsn = '1.0.0' | '2.0.0';

export const SUPPORTED_VSNS: readonly Vsn[] = ['1.0.0', '2.0.0'];

/** A user broadcast's payload exactly as the sender encoded it. */
export interface UserPayload {
  encoding: 'json' | 'binary';
  bytes: Buffer;
  /** Metadata the sender attached (JSON), if any. */
  meta: string;
}

export interface PhxMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  /** Present when the frame was a binary user broadcast push. */
  userPayload?: UserPayload;
}

export class MalformedFrameError extends Error {
  override readonly name = 'MalformedFrameError';
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refOf(value: unknown, what: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new MalformedFrameError(`${what} must be a string or null`);
}

function checked(
  joinRef: unknown,
  ref: unknown,
  topic: unknown,
  event: unknown,
  payload: unknown,
): PhxMessage {
  if (typeof topic !== 'string' || topic.length === 0)
    throw new MalformedFrameError('topic must be a non-empty string');
  if (typeof event !== 'string' || event.length === 0)
    throw new MalformedFrameError('event must be a non-empty string');
  if (payload !== undefined && payload !== null && !isRecord(payload))
    throw new MalformedFrameError('payload must be an object');
  return {
    joinRef: refOf(joinRef, 'join_ref'),
    ref: refOf(ref, 'ref'),
    topic,
    event,
    payload: payload ?? {},
  };
}

/** Decodes one frame from a client. Throws `MalformedFrameError` for anything else. */
export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): PhxMessage {
  if (isBinary) {
    if (vsn !== '2.0.0') throw new MalformedFrameError('binary frames need vsn 2.0.0');
    return decodeBinary(data);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    throw new MalformedFrameError('frame is not valid JSON');
  }
  if (vsn === '1.0.0') {
    if (!isRecord(parsed)) throw new MalformedFrameError('expected a JSON object (vsn 1.0.0)');
    return checked(parsed.join_ref, parsed.ref, parsed.topic, parsed.event, parsed.payload);
  }
  if (!Array.isArray(parsed) || parsed.length !== 5)
    throw new MalformedFrameError('expected a JSON array [join_ref, ref, topic, event, payload]');
  const [joinRef, ref, topic, event, payload] = parsed as unknown[];
  return checked(joinRef, ref, topic, event, payload);
}

function decodeBinary(data: Buffer): PhxMessage {
  if (data.length < 7 || data[0] !== KIND_USER_BROADCAST_PUSH)
    throw new MalformedFrameError('unsupported binary frame');
  const sizes = [data[1]!, data[2]!, data[3]!, data[4]!, data[5]!];
  const encoding = data[6]!;
  if (encoding !== ENCODING_BINARY && encoding !== ENCODING_JSON)
    throw new MalformedFrameError('unknown payload encoding');
  let offset = 7;
  const parts: string[] = [];
  for (const size of sizes) {
    if (offset + size > data.length) throw new MalformedFrameError('truncated binary frame');
    parts.push(data.subarray(offset, offset + size).toString('utf8'));
    offset += size;
  }
  const [joinRef, ref, topic, userEvent, meta] = parts as [string, string, string, string, string];
  const bytes = data.subarray(offset);
  let payload: unknown = null;
  if (encoding === ENCODING_JSON) {
    try {
      payload = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new MalformedFrameError('broadcast payload is not valid JSON');
    }
  }
  if (meta) {
    try {
      JSON.parse(meta);
    } catch {
      throw new MalformedFrameError('broadcast metadata is not valid JSON');
    }
  }
  const message = checked(joinRef || null, ref || null, topic, 'broadcast', {
    type: 'broadcast',
    event: userEvent,
    payload,
  });
  if (!userEvent) throw new MalformedFrameError('broadcast event must be a non-empty string');
  message.userPayload = { encoding: encoding === ENCODING_JSON ? 'json' : 'binary', bytes, meta };
  return message;
}

export interface OutMessage {
  joinRef?: string | null;
  ref?: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** Encodes a server message as a text frame in the connection's format. */
export function encodeText(message: OutMessage, vsn: Vsn): string {
  const joinRef = message.joinRef ?? null;
  const ref = message.ref ?? null;
  if (vsn === '1.0.0')
    return JSON.stringify({
      join_ref: joinRef,
      ref,
      topic: message.topic,
      event: message.event,
      payload: message.payload,
    });
  return JSON.stringify([joinRef, ref, message.topic, message.event, message.payload]);
}

/**
 * Encodes a user broadcast as a binary kind-4 frame (vsn 2.0.0). Returns undefined when a field
 * does not fit the frame's one-byte lengths; the caller then falls back to a text frame.
 */
export function encodeUserBroadcast(
  topic: string,
  userEvent: string,
  user: UserPayload,
): Buffer | undefined {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(userEvent, 'utf8');
  const metaBytes = Buffer.from(user.meta, 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255 || metaBytes.length > 255)
    return undefined;
  const header = Buffer.from([
    KIND_USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    metaBytes.length,
    user.encoding === 'json' ? ENCODING_JSON : ENCODING_BINARY,
  ]);
  return Buffer.concat([header, topicBytes, eventBytes, metaBytes, user.bytes]);
}
