/** Minimum password length (spec §9). */
export const PASSWORD_MIN_LENGTH = 8;
/**
 * Longest password, in UTF-8 bytes: the auth server (supabase/auth, and the local stack's) refuses
 * longer ones, because bcrypt reads only the first 72 bytes. A letter with an accent takes two
 * bytes and an emoji four, so such a password holds fewer than 72 characters.
 */
export const PASSWORD_MAX_BYTES = 72;
/** Length from which a password earns its second length point (spec §9). */
export const PASSWORD_STRONG_LENGTH = 12;
/** Highest password score (spec §9). */
export const PASSWORD_MAX_SCORE = 6;
/** Shortest accepted email address (spec §9). */
export const EMAIL_MIN_LENGTH = 5;
/** Longest accepted email address (spec §9). */
export const EMAIL_MAX_LENGTH = 254;
/**
 * Longest name of a person (sign-up, profile), in characters: the database's `profiles.name`
 * check. A longer name given at sign-up would be cut to this length without a word.
 */
export const PERSON_NAME_MAX_LENGTH = 200;
/** Default maximum length of sanitised text (spec §9). */
export const SANITIZE_MAX_LENGTH = 1000;
/**
 * Deepest markup nesting the sanitiser reads: an HTML parser's cost grows with the square of the
 * depth, so an element opened deeper than this ends the input. Readable text never comes near it,
 * and the sanitiser's own output always stays below it.
 */
export const SANITIZE_MAX_DEPTH = 256;
/** Longest text field of an engagement metric's metadata; stack traces and user agents run long (spec §7). */
export const ENGAGEMENT_TEXT_MAX_LENGTH = 10 * SANITIZE_MAX_LENGTH;
