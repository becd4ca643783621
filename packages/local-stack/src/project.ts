import { access } from 'node:fs/promises';
import path from 'node:path';

/** No Verdant project at or above a directory: one line saying where it looked and what to do. */
export class ProjectNotFoundError extends Error {
  override readonly name = 'ProjectNotFoundError';
  constructor(readonly from: string) {
    super(
      `no Verdant project found at or above ${from} (looked for supabase/migrations); run inside the project or pass --project <dir>`,
    );
  }
}

/** Whether `dir` is a Verdant project: it has `supabase/migrations`. */
export async function isProject(dir: string): Promise<boolean> {
  try {
    await access(path.join(dir, 'supabase', 'migrations'));
    return true;
  } catch {
    return false;
  }
}
