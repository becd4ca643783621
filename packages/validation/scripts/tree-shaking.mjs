// Checks that a browser bundle importing only some of the package's functions leaves out the
// modules it does not use — above all the HTML parser, which only sanitizeText needs.
// `node scripts/tree-shaking.mjs` checks the built dist/; the tests check the sources.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/** Bundles `import { ...names } from entry` for browsers; returns the files with code in the bundle. */
export async function bundledInputs(entry, names) {
  const result = await build({
    stdin: {
      contents: `import { ${names.join(', ')} } from ${JSON.stringify(entry)};\nconsole.info(${names.join(', ')});\n`,
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      loader: 'js',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    metafile: true,
    logLevel: 'silent',
  });
  const [output] = Object.values(result.metafile.outputs);
  return Object.entries(output.inputs)
    .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
    .map(([input]) => input);
}

export const usesHtmlParser = (inputs) =>
  inputs.some((input) => input.includes('node_modules/htmlparser2/'));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));
  const without = await bundledInputs(entry, [
    'validatePassword',
    'validateEmail',
    'validateRoleChange',
    'ROLES',
  ]);
  const withSanitizer = await bundledInputs(entry, ['sanitizeText']);
  if (usesHtmlParser(without) || !usesHtmlParser(withSanitizer)) {
    console.error('tree-shaking check failed', { without, withSanitizer });
    process.exit(1);
  }
  console.info(
    `tree-shaking: ok (validators alone bundle ${without.length} files, no HTML parser)`,
  );
}
