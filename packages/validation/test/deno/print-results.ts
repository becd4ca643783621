// Run by test/deno.test.ts with the deno binary: prints the results of the unchanged sources.
import { runtimeResults } from '../runtime-cases.ts';

console.info(JSON.stringify(runtimeResults()));
