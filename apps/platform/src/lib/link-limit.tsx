import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorCode } from './error-code.ts';

/**
 * Whether a refused tracked-link creation was the free plan's limit (the database's trigger
 * answers 42501, "Affiliate Free includes up to 10 tracked links…"), as opposed to another
 * refusal (a program the affiliate is not approved in is refused by row-level security, with
 * the same code but other words).
 */
export function isLinkLimitRefusal(error: unknown): boolean {
  if (errorCode(error) !== 'forbidden') return false;
  const message = error instanceof Error ? error.message : '';
  return /includes up to \d+ tracked links/i.test(message);
}

/** The free plan's limit, in words: "the 10 tracked links of your free plan". */
const allInUse = (limit: number | null) =>
  limit === null
    ? 'your plan’s tracked links are all in use'
    : `the ${limit} tracked links of your free plan are all in use`;

const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** The way to more tracked links: a link to the plans, named after what it unlocks. */
export function UnlimitedLinksLink({ first = true }: { first?: boolean }) {
  return (
    <Link to="/pricing">{`${first ? 'See' : 'see'} Affiliate Pro for unlimited tracked links`}</Link>
  );
}

/**
 * What a product picker says when the product has no tracked link and the plan allows no new one:
 * it can still be added, without one, and purchases through it are then not credited. Said before
 * the user presses Add, not after the database refused.
 */
export function noNewLinkNote(limit: number | null): ReactNode {
  return (
    <>
      You have no tracked link for it, and {allInUse(limit)}: it is added without one, so purchases
      through it are not credited to you. <UnlimitedLinksLink />.
    </>
  );
}

/** A picker's note while the plan allows no new tracked link, before a product is chosen. */
export function linkLimitNote(limit: number | null): ReactNode {
  return (
    <>
      {sentence(allInUse(limit))}: products you already have a tracked link for are credited to you;
      others are added without one, and purchases through them are not credited.{' '}
      <UnlimitedLinksLink />.
    </>
  );
}

/**
 * The words for a refusal of the link limit met at Add (the count read had not reached it): short,
 * as the picker's note then says what Add does instead and links to the plans.
 */
export function linkLimitRefusal(limit: number | null): string {
  return `Not added: no tracked link could be made for it, as ${allInUse(limit)}.`;
}
