/**
 * XOR + base64 obfuscation of the locally stored auth state, keyed on the page origin
 * (product spec §9).
 *
 * This is obfuscation, not encryption: anyone who can read local storage and knows the origin
 * can reverse it. It only keeps the stored state from being readable at a glance. The real
 * protection is server-side (short-lived signed tokens and row-level security).
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

function xor(bytes: Uint8Array, key: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i += 1) out[i] = bytes[i]! ^ key[i % key.length]!;
  return out;
}

function keyBytes(origin: string): Uint8Array {
  return encoder.encode(origin === '' ? 'verdant' : origin);
}

export function obfuscate(plain: string, origin: string): string {
  const bytes = xor(encoder.encode(plain), keyBytes(origin));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Reverses {@link obfuscate}; returns null (never throws) for anything that does not decode. */
export function deobfuscate(stored: string, origin: string): string | null {
  try {
    const binary = atob(stored);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return decoder.decode(xor(bytes, keyBytes(origin)));
  } catch {
    return null;
  }
}
