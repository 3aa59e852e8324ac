// ESLint flat config: typescript-eslint's type-checked rules, React hooks, jsx-a11y and Storybook's rules.
// Formatting is Prettier's job (`npm run format`); nothing here checks layout. `npm test` runs
// `eslint . --max-warnings=0`, so a warning fails the run like an error.
import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import storybook from 'eslint-plugin-storybook'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'src/platform/generated/',
      'openapi/',
      'dist/',
      'dist-*/',
      'packages/*/dist/',
      'storybook-static/',
      'coverage/',
      '.test-results/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
      // Built by the benches and the published-widget fixtures at run time (.gitignore), not our source.
      'bench/.out/',
      'bench/.cache/',
      // A developer's scratch folder (.gitignore).
      '.scratch/',
      'tests/fixtures/sites/published/',
      'tests/fixtures/widgets/built/',
      'screenshots/',
      '.vite-react-ssg-temp/',
      '.scratch/',
      '.tmp/',
      '.vitest-attachments/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // `_`-prefixed names mark a value kept on purpose (a destructured field left out of a rest object).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // A JSX handler may return a promise (react-hook-form's `handleSubmit`); React ignores the return value.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `catch (err) { return Promise.reject(err) }` passes the caught error on as it is.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // Every hit was a closure returned by a factory (createNamer, createEmotionServer) or a feature-tested DOM
      // method called with `.call(el)`: none depends on `this`.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // A cancelled start unwinds with the `CANCELLED` symbol, which start.ts catches and tells apart from errors.
    files: ['src/voice/engine/**/*.ts'],
    rules: { '@typescript-eslint/only-throw-error': 'off', '@typescript-eslint/prefer-promise-reject-errors': 'off' },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    rules: {
      // Fakes implement async interfaces (Daily's call object, fetch, Vapi's client) without awaiting anything.
      '@typescript-eslint/require-await': 'off',
      // Tests parse reports, fixtures and wire frames (`JSON.parse` returns `any`) and assert on what they hold.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Test logs print whatever a fake received, objects included.
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
    },
  },
  {
    // Plain JavaScript (scripts, the embed's demo page) is outside tsconfig: checked without type information.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  reactHooks.configs.flat.recommended,
  {
    rules: {
      // The project does not use React Compiler: the "latest value" ref (`ref.current = value` while rendering,
      // read by effects) is the documented pre-compiler idiom, and the compiler's library list does not apply.
      'react-hooks/refs': 'off',
      'react-hooks/incompatible-library': 'off',
    },
  },
  ...storybook.configs['flat/recommended'],
)
