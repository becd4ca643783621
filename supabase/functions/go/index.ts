// Entry point hosted Supabase deploys: serves the tracker with Deno.serve, keeps the click flush
// alive after each response with EdgeRuntime.waitUntil and flushes what is left on shutdown.
import { createHandler } from './handler.ts';

const edge = (globalThis as { EdgeRuntime?: { waitUntil(promise: Promise<unknown>): void } })
  .EdgeRuntime;
const handler = createHandler(Deno.env, {
  waitUntil: edge ? (promise) => edge.waitUntil(promise) : undefined,
});

addEventListener('beforeunload', () => {
  void handler.close?.();
});

Deno.serve(handler);
