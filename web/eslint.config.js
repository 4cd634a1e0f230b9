// The front-end's rules (issue 21): features never import each other, lower layers never import higher ones
// (`import-x/no-restricted-paths`), accessible JSX (`jsx-a11y`), the rules of hooks. `npm run lint`, run by
// `make test`.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended, jsxA11y.flatConfigs.recommended],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Issue 22: react-i18next's hook costs a quarter of a server render; the app's own shares one translate
      // function per language.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-i18next',
              importNames: ['useTranslation'],
              message: "Use useTranslation from '@/i18n/use-translation'.",
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A feature is its own room: no feature imports another (the app composes them).
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'A feature never imports another feature; the app composes them.',
            })),
            // Shared layers never import features or the app.
            ...['components', 'lib', 'config', 'i18n'].map((layer) => ({
              target: `./src/${layer}`,
              from: ['./src/features', './src/app'],
              message: 'A shared layer never imports a feature or the app.',
            })),
            { target: './src/features', from: './src/app', message: 'A feature never imports the app.' },
          ],
        },
      ],
    },
  },
);
