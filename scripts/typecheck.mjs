// `typecheck` of every workspace: TypeScript 7's native compiler (`typescript-native`, several
// times faster than 5.9 on the same project), run in the current workspace with the given
// arguments. The tools that need TypeScript's compiler API (typescript-eslint, tsup's declaration
// build, Storybook) keep using `typescript` 5.9. The compiler is found by its package, not as
// `tsc` on the PATH, which either package may provide.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const tsc = join(dirname(require.resolve('typescript-native/package.json')), 'bin', 'tsc');
const result = spawnSync(process.execPath, [tsc, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
