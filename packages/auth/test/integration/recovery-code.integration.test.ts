/**
 * `verifyRecoveryCode` against the real local stack: the code of a recovery mail (read from the
 * stack's outbox) signs in through unmodified supabase-js, and the session says in `amr` that it
 * came from a recovery.
 */
import { createApiClient } from '@verdant/api-client';
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthEngine, createMemoryStorage, type AuthEventName } from '../../src/index.ts';
import { decodeJwtPayload } from '../../src/jwt.ts';
import { FakeDocument, fakeWindow, recordingLogger } from '../support/env.ts';

const PASSWORD = 'Gr33n!Leaves#2026';
let stack: RunningStack;
let counter = 0;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${counter}@example.com`;
}

/** An engine over a fresh api-client, as a new browser page would have. */
function pageEngine() {
  const api = createApiClient({
    url: stack.apiUrl,
    anonKey: stack.anonKey,
    realtimeTransport: WebSocket as unknown as NonNullable<
      Parameters<typeof createApiClient>[0]['realtimeTransport']
    >,
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const engine = createAuthEngine({
    api,
    storage: createMemoryStorage(),
    env: { document: new FakeDocument(), window: fakeWindow() },
    logger: recordingLogger(),
    reload: () => {},
  });
  const events: AuthEventName[] = [];
  engine.onEvent((event) => events.push(event));
  return { api, engine, events };
}

/** The code of the newest recovery mail to `email` in the stack's outbox. */
async function recoveryCode(email: string): Promise<string> {
  const url = new URL('/outbox/messages', stack.apiUrl);
  url.searchParams.set('to', email);
  const response = await fetch(url, {
    headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` },
  });
  expect(response.status).toBe(200);
  const [mail] = (await response.json()) as { text: string }[];
  const code = /Or enter this code: (\d{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no recovery code in the outbox for ${email}`);
  return code;
}

describe('verifyRecoveryCode', () => {
  it('signs in with the mailed code; the session lists the recovery in amr', async () => {
    const email = uniqueEmail('recovery');
    const first = pageEngine();
    await first.engine.start();
    await first.engine.register({ email, password: PASSWORD, name: 'Rowan Ash' });
    await first.engine.logout();
    first.engine.stop();

    const page = pageEngine();
    await page.engine.start();
    await page.api.account.requestPasswordReset(email, `${stack.webUrl}/auth/callback`);
    const code = await recoveryCode(email);

    // A wrong code is the auth server's refusal; nothing changes.
    const wrong = code === '000000' ? '111111' : '000000';
    await expect(page.engine.verifyRecoveryCode({ email, code: wrong })).rejects.toMatchObject({
      code: 'otp_expired',
    });
    expect(page.engine.getSnapshot().isAuthenticated).toBe(false);
    expect(page.events).toEqual([]);

    const user = await page.engine.verifyRecoveryCode({ email, code });
    expect(user).toMatchObject({ email, name: 'Rowan Ash', role: 'affiliate' });
    const { token, isAuthenticated } = page.engine.getSnapshot();
    expect(isAuthenticated).toBe(true);
    expect(page.events).toEqual(['SIGNED_IN']);
    const amr = decodeJwtPayload(token!)?.amr as { method: string }[];
    expect(amr.map((entry) => entry.method)).toContain('recovery');

    // The code works once.
    await expect(page.engine.verifyRecoveryCode({ email, code })).rejects.toMatchObject({
      code: 'otp_expired',
    });

    // The recovered session may set the new password without the current one.
    await page.api.account.updatePassword('New#Canopy2027');
    page.engine.stop();
    const again = pageEngine();
    await again.engine.start();
    await expect(again.engine.login(email, 'New#Canopy2027')).resolves.toMatchObject({ email });
    again.engine.stop();
  });
});
