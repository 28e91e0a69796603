import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // A separate build folder lets parallel test runs build without clobbering each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    v8_passThroughRequests: true,
  },
} satisfies Config;
