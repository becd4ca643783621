import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 parameters every authenticator app supports, as supabase/auth uses them. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the previous and the next time step are accepted too (clock drift). */
export const TOTP_WINDOW = 1;

/** A new random secret, base32 (160 bits). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, issuer: string, account: string): TOTP {
  return new TOTP({
    issuer,
    label: account,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The `otpauth://totp/…` URI authenticator apps import. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return totp(secret, issuer, account).toString();
}

/**
 * The URI as a QR code in SVG markup (what supabase/auth puts in `totp.qr_code`). supabase-js
 * turns it into `data:image/svg+xml;utf-8,<svg…>` for an `<img src>`, unencoded, so the markup must
 * not hold a `#` (the browser would read the rest as a fragment and draw nothing): the colours are
 * named, not hex.
 */
export async function totpQrSvg(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return svg.replaceAll('"#ffffff"', '"white"').replaceAll('"#000000"', '"black"');
}

/**
 * The time step (unix seconds / 30) whose code `code` is, within ±1 step of `now` (ms), or null
 * when the code is wrong. Callers accept each step at most once.
 */
export function matchTotpStep(secret: string, code: string, now: number): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: now,
    window: TOTP_WINDOW,
  });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
