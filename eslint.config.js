// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import { importX } from 'eslint-plugin-import-x'
import globals from 'globals'

/** Imports the browser app must not use (ADR 0011). */
const browserRestrictedImports = [
  {
    name: '@app/shared',
    message: 'Import the module itself, e.g. @app/shared/rules/fields (ADR 0011).',
  },
  {
    name: 'zod',
    message: 'Use zod/mini in the browser: classic zod adds about 16 KiB gzip (ADR 0011).',
  },
]

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-admin/**',
      '**/dist-ssr/**',
      'data/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/ignore': ['node_modules'] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "NewExpression[callee.name='Date'][arguments.length=1][arguments.0.type='Literal']",
          message:
            'new Date(string) parses differently across engines: use the shared date helpers.',
        },
        {
          selector: "JSXAttribute[name.name='placeholder']",
          message: 'No placeholders (STYLE.md §5): use support text.',
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in env.ts only.' },
      ],
    },
  },
  {
    files: [
      'apps/server/src/env.ts',
      'e2e/**',
      'scripts/**',
      'apps/web/vite.config.ts',
      'apps/web/vite.admin.config.ts',
      'apps/server/bench/**',
      'apps/server/test/**',
      '**/*.test.ts',
      'apps/server/drizzle.config.ts',
      'vitest.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: { ...globals.browser },
    },
  },
  {
    // The barrel would put every shared module into the first download, and classic zod all of
    // its methods (ADR 0011).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: browserRestrictedImports }],
    },
  },
  {
    // React Router's Link brings its prefetching into the applicant app's first download; the
    // back-office console (its own build) may use it (ADR 0037).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/admin/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...browserRestrictedImports,
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message: 'Use Link of @/components/link.tsx (ADR 0037).',
            },
          ],
        },
      ],
    },
  },
  {
    // One zod dialect in shared (issue #18 point 2): the browser runs these modules too.
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['packages/shared/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: 'Use zod/mini in shared: its schemas reach the browser (ADR 0011, 0021).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // issue #18: server ownership zones. The schema (the tables) is reached only through a
  // repository (`*-repository.ts` or a `repository/` folder), db/ itself, the demo loader, the
  // CLIs and tests; and a product module never imports another module's repository: it calls
  // that module's service or published operations (`*-records.ts`). Checked by
  // apps/server/src/architecture.test.ts.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*-repository.ts',
      'apps/server/src/**/repository/**',
      'apps/server/src/db/**',
      'apps/server/src/demo/**',
      'apps/server/src/cli/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/*-test-support.ts',
      'apps/server/src/**/test-*.ts',
    ],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src',
              from: './apps/server/src/db/schema',
              message: 'Only a repository reads or writes tables (issue #18).',
            },
            ...process
              .getBuiltinModule('node:fs')
              .readdirSync(new URL('apps/server/src/modules', import.meta.url), {
                withFileTypes: true,
              })
              .filter((entry) => entry.isDirectory())
              .map(({ name }) => ({
                target: `./apps/server/src/modules/${name}`,
                from: [
                  `./apps/server/src/modules/!(${name})/**/*-repository.ts`,
                  `./apps/server/src/modules/!(${name})/**/repository/**`,
                ],
                message:
                  "Call the module's service or its *-records.ts, not its repository (issue #18).",
              })),
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    // Tests read JSON bodies (typed any) and assert their shape with expect.
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  // issue #18: web feature zones. One folder per flow under apps/web/src/features; app/ composes
  // them. A feature imports lib/, components/ and itself, never another feature nor app/; lib/
  // and components/ import no feature and not app/. apps/web/src/architecture.test.ts proves the
  // zones on snippets, checks that every feature folder is listed here, and finds no import cycle.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    settings: {
      // `@/…` is apps/web/src/… (apps/web/tsconfig.json "paths"); without it import-x resolves
      // no aliased import, and no-cycle and no-restricted-paths would not see them.
      'import-x/resolver-next': [
        importX.createNodeResolver({ alias: { '@': [`${import.meta.dirname}/apps/web/src`] } }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: `${import.meta.dirname}/apps/web/src`,
          zones: [
            ...[
              'application',
              'entry',
              'my-page',
              'pamphlet',
              'payment',
              'renewal',
              'system-terms',
            ].map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`],
              message:
                'A feature never imports another feature: move what both need to lib/ or components/ (issue #18).',
            })),
            {
              target: './features',
              from: './app',
              message:
                'A feature never imports app/, which composes the features: move what it needs to lib/, or let app/ pass it in (issue #18).',
            },
            {
              target: ['./lib', './components'],
              from: ['./features', './app'],
              message:
                'lib/ and components/ serve every feature and import none of them, nor app/ (issue #18).',
            },
            {
              target: ['./features', './app', './lib', './components', './main.tsx'],
              from: './admin',
              message:
                'The back-office console is an app of its own (issue #20): no applicant module imports it.',
            },
            {
              target: './admin',
              from: ['./features', './app'],
              message:
                'The back-office console uses lib/ and components/ only, never an applicant feature or app/ (issue #20).',
            },
          ],
        },
      ],
    },
  },
)
