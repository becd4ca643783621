import { validateEmail } from '@verdant/validation';
import type { ModuleContext } from '../context.ts';
import { runPage, runVoid } from '../request.ts';
import type { Page, Row } from '../types.ts';
import { invalid, oneOf, optionalText, range, text, type PageInput } from '../validate.ts';

export type ContactMessage = Row<'contact_messages'>;
/** Where a message was sent from: the platform's /contact page or the /investors page. */
export const CONTACT_SOURCES = ['contact', 'investors'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

export interface NewContactMessage {
  name: string;
  email: string;
  message: string;
  subject?: string | null;
  organisation?: string | null;
  /** Default `contact`. */
  source?: ContactSource;
}

/** Limits shared with the `contact_messages` table. */
export const CONTACT_LIMITS = {
  name: 200,
  subject: 200,
  organisation: 200,
  message: 4000,
} as const;

/** Checks and sanitises a contact message the way the database will; throws `validation_failed`. */
export async function validateContactMessage(input: NewContactMessage) {
  if (typeof input !== 'object' || input === null) invalid('message', 'must be an object');
  const email = typeof input.email === 'string' ? input.email.trim() : input.email;
  const checked = validateEmail(email);
  if (!checked.valid) invalid('email', checked.error ?? 'must be a valid email address');
  return {
    source: oneOf('source', input.source ?? 'contact', CONTACT_SOURCES),
    name: await text('name', input.name, { max: CONTACT_LIMITS.name }),
    email: email.toLowerCase(),
    subject:
      input.subject === undefined
        ? null
        : await optionalText('subject', input.subject, { max: CONTACT_LIMITS.subject }),
    organisation:
      input.organisation === undefined
        ? null
        : await optionalText('organisation', input.organisation, {
            max: CONTACT_LIMITS.organisation,
          }),
    message: await text('message', input.message, { max: CONTACT_LIMITS.message }),
  };
}

/**
 * Contact messages of /contact and /investors: anyone (signed in or not) may send one; only
 * administrators read them. The database repeats every check, sanitises again, stamps the
 * signed-in sender and refuses more than five messages per address and hour (`rate_limited`).
 */
export function createContactModule({ supabase }: ModuleContext) {
  return {
    /** Stores one message. Nothing is read back: senders cannot read messages. */
    async submit(input: NewContactMessage): Promise<void> {
      const values = await validateContactMessage(input);
      await runVoid(supabase.from('contact_messages').insert(values));
    },

    /** Administrators: the newest messages first. */
    async list(page?: PageInput): Promise<Page<ContactMessage>> {
      const { from, to } = range(page);
      return runPage(
        supabase
          .from('contact_messages')
          .select('*', { count: 'exact' })
          .order('created_at', { ascending: false })
          .range(from, to),
      );
    },
  };
}

export type ContactModule = ReturnType<typeof createContactModule>;
