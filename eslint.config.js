import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const ENV_ONLY_THROUGH_ENV = [
  {
    selector: "MemberExpression[object.name='process'][property.name='env']",
    message: "Read configuration through env() in server/env.server.ts.",
  },
];

const REACT_EMAIL_PARTS = {
  name: "@react-email/components",
  message:
    "Import each e-mail part from its own package (@react-email/text, …): the bundle loads every part, the Tailwind compiler and Prism included (~340 ms and ~37 MB at the first e-mail).",
};

/** Money and dates are written in one place each (app/lib/money-format.ts, app/lib/dates.ts). */
const FORMATTERS_FROM_THEIR_HOMES = ["~/lib/intl", "./intl"].map((name) => ({
  name,
  importNames: ["dateTimeFormat", "numberFormat"],
  message: "Write dates with ~/lib/dates (teamDateFormat for other parts) and money with ~/lib/money-format.",
}));

/** Money and dates are written in one place each (app/lib/money-format.ts, app/lib/dates.ts). */
const ONE_HOME_FOR_FORMATS = [
  {
    selector: "NewExpression[callee.object.name='Intl']",
    message: "Format dates with ~/lib/dates and money with ~/lib/money-format; other Intl formatters come from ~/lib/intl (recorded for hydration, decision 031).",
  },
  { selector: "Literal[value='Europe/Amsterdam']", message: "Use TEAM_TIME_ZONE from ~/lib/dates." },
  { selector: "Property[key.name='style'][value.value='currency']", message: "Format money with ~/lib/money-format." },
];

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
      "no-restricted-syntax": ["error", ...ENV_ONLY_THROUGH_ENV, ...ONE_HOME_FOR_FORMATS],
      "no-restricted-imports": ["error", REACT_EMAIL_PARTS, ...FORMATTERS_FROM_THEIR_HOMES],
    },
  },
  {
    // Entry points and tooling read the environment before the app's env() exists.
    files: ["server.js", "scripts/**", "tools/**", "server/env.server.ts", "playwright.config.ts", "react-router.config.ts", "tests/**", "bench/**", "vite.config.ts", "vitest.config.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    // The homes of the formatters themselves.
    files: ["app/lib/intl.ts", "app/lib/dates.ts", "app/lib/money-format.ts"],
    rules: { "no-restricted-syntax": ["error", ...ENV_ONLY_THROUGH_ENV], "no-restricted-imports": ["error", REACT_EMAIL_PARTS] },
  },
  {
    // Tests check the formatters against Intl itself.
    files: ["tests/**"],
    rules: { "no-restricted-imports": ["error", REACT_EMAIL_PARTS] },
  },
);
