// The part of the Deno runtime API that the edge functions' entry points (`functions/*/index.ts`)
// use, so that the Node type check covers them too. Deno checks them against its own types.
declare namespace Deno {
  const env: { get(key: string): string | undefined };
  function serve(handler: (request: Request) => Response | Promise<Response>): unknown;
}
