import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  // tools/ (demo-asset and font generators, not part of the site) is checked apart: npm run tools:check.
  { ignores: ["tmp/", "build/", "build-*/", "data/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "public/", "tools/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read configuration through env() in server/env.server.ts.",
        },
      ],
      "no-restricted-imports": [
        "error",
        {
          name: "@react-email/components",
          message:
            "Import each e-mail part from its own package (@react-email/text, …): the bundle loads every part, the Tailwind compiler and Prism included (~340 ms and ~37 MB at the first e-mail).",
        },
      ],
    },
  },
  {
    // Entry points and tooling read the environment before the app's env() exists.
    files: ["server.js", "scripts/**", "tools/**", "server/env.server.ts", "playwright.config.ts", "react-router.config.ts", "tests/**", "bench/**", "vite.config.ts", "vitest.config.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
);
