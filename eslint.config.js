import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import layers from './eslint.boundaries.js';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through server/config.ts only.',
        },
      ],
    },
  },
  {
    // The places allowed to read the environment: configuration, tooling and test harnesses.
    files: [
      'server/config.ts',
      'drizzle.config.ts',
      'scripts/**',
      'e2e/**',
      'bench/**',
      'server/test/**',
      '.ci/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...layers,
);
