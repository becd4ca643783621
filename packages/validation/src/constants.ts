/** Minimum password length (spec §9). */
export const PASSWORD_MIN_LENGTH = 8;
/** Length from which a password earns its second length point (spec §9). */
export const PASSWORD_STRONG_LENGTH = 12;
/** Highest password score (spec §9). */
export const PASSWORD_MAX_SCORE = 6;
/** Shortest accepted email address (spec §9). */
export const EMAIL_MIN_LENGTH = 5;
/** Longest accepted email address (spec §9). */
export const EMAIL_MAX_LENGTH = 254;
/** Default maximum length of sanitised text (spec §9). */
export const SANITIZE_MAX_LENGTH = 1000;
