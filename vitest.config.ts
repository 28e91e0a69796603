import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Two projects: "unit" (pure code) and "db" (against PGlite, or PostgreSQL with DATABASE_URL).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
