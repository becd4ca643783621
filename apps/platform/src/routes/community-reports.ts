import type { CommunityTarget } from '@verdant/api-client';
import { api } from '../lib/api.ts';

/** A post or comment as a key of the reported set: `post:<id>` or `comment:<id>`. */
export function reportKey(target: CommunityTarget): string {
  return 'postId' in target ? `post:${target.postId}` : `comment:${target.commentId}`;
}

/**
 * The posts and comments the signed-in member has an open report about, as `reportKey`s: their
 * Report buttons say "Reported" instead of opening a form that could only be refused.
 */
export async function fetchOpenReports(): Promise<ReadonlySet<string>> {
  return new Set((await api.community.listMyOpenReports()).map(reportKey));
}
