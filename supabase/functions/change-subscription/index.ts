// Entry point hosted Supabase deploys: serves the web-standard handler with Deno.serve.
import { createHandler } from './handler.ts';

Deno.serve(createHandler(Deno.env));
