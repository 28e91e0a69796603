import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { precompressPlugin } from "./scripts/precompress";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The server build's entry is our Express app, so the app, the database client and the
    // React Router handler share one module graph (one PGlite instance, one mailer).
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  ssr: {
    external: ["@electric-sql/pglite", "sharp", "postgres", "better-auth", "nodemailer", "stripe"],
  },
  // Brotli and gzip copies of the client files, made once here instead of on every request.
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths(), precompressPlugin()],
}));
