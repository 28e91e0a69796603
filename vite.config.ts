import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The server build's entry is our Express app, so the app, the database client and the
    // React Router handler share one module graph (one PGlite instance, one mailer).
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  ssr: {
    external: ["@electric-sql/pglite", "sharp", "postgres", "better-auth", "nodemailer", "stripe"],
  },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
}));
