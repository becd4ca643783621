/** The backend the app talks to. */
export interface AppConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

/** A meta tag's content, or '' when the tag is missing, empty or still holds its placeholder. */
export function readMeta(doc: Pick<Document, 'querySelector'>, name: string): string {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content?.trim() ?? '';
  return content.startsWith('__VERDANT_') ? '' : content;
}

/**
 * Reads the backend configuration. The web server writes the running stack's values into the
 * page's meta tags at serve time (so one build serves any stack); a static build falls back to
 * VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY from its build environment. Missing values are left
 * empty so the API client fails with supabase-js's own messages.
 */
export function readConfig(
  doc: Pick<Document, 'querySelector'> = document,
  env: Record<string, string | undefined> = import.meta.env,
): AppConfig {
  return {
    supabaseUrl: readMeta(doc, 'verdant-supabase-url') || env.VITE_SUPABASE_URL || '',
    supabaseAnonKey: readMeta(doc, 'verdant-supabase-anon-key') || env.VITE_SUPABASE_ANON_KEY || '',
  };
}
