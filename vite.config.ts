import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { clientChunks, directImports } from "./scripts/client-chunks";
import { precompressPlugin } from "./scripts/precompress";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // Kept in build/client/.vite/ (never served: a dot folder): the server reads which chunk holds
    // each language's messages from it, to announce them in a page's head (decision 032).
    manifest: true,
    // The server build's entry is our Express app, so the app, the database client and the
    // React Router handler share one module graph (one PGlite instance, one mailer).
    // The client's: the modules every page loads (and the home page's parts) in one chunk
    // (scripts/client-chunks.ts, docs/decisions/023-client-chunks.md).
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : { output: { manualChunks: clientChunks() } },
    // Terser rather than esbuild for the browser's files: ~3 % smaller after gzip (~4 KB on a
    // first visit), for some seconds more of build. ES2020 output and no Safari 10 workarounds
    // (Vite's default): the build's target (baseline-widely-available) needs neither.
    ...(isSsrBuild ? {} : { minify: "terser" as const, terserOptions: { ecma: 2020 as const, safari10: false, compress: { passes: 3 } } }),
  },
  ssr: {
    external: ["@electric-sql/pglite", "sharp", "postgres", "better-auth", "nodemailer", "stripe"],
  },
  // directImports: the client takes icons and Radix parts from their own modules, not the
  // packages' barrels (scripts/client-chunks.ts). precompressPlugin: brotli and gzip copies of
  // the client files, made once here instead of on every request.
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths(), directImports(), precompressPlugin()],
}));
