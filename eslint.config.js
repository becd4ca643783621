import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      '**/storybook-static/**',
      '**/.verdant/**',
      '**/coverage/**',
      '**/*.d.ts',
      '**/*.d.mts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['warn', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Type-aware rules for TypeScript: each file is checked with the nearest tsconfig.json.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        projectService: {
          // The root Storybook configuration has no tsconfig.json of its own (the UI kit's type
          // check includes it); it is linted with the shared compiler options.
          allowDefaultProject: ['.storybook/*.ts', '.storybook/*.tsx'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      // One import-path style everywhere, Deno's: a relative import names its file, extension
      // included (`./guards.ts`, `./layout.tsx`), never an extensionless or `.js` stand-in.
      'no-restricted-syntax': [
        'error',
        ...[
          'ImportDeclaration',
          'ExportNamedDeclaration',
          'ExportAllDeclaration',
          'ImportExpression',
        ].map((node) => ({
          selector: `${node}[source.value=/^[.]/][source.value!=/[.](ts|tsx|mjs|json|css|svg)$/]`,
          message: 'Name the imported file with its extension (./module.ts, ./component.tsx).',
        })),
      ],
    },
  },
  {
    // Plain JavaScript is linted without type information.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs', '**/*.jsx'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Edge functions run on Deno (hosted) and, through their handlers, in Node (the local stack).
    files: ['supabase/functions/**/*.ts'],
    languageOptions: { globals: { Deno: 'readonly' } },
  },
  {
    files: ['**/*.tsx', '**/*.jsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
);
