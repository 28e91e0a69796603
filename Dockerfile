# syntax=docker/dockerfile:1
#
# The production image: the React Router build, server.js, the migrations and production
# dependencies only, run as the unprivileged `node` user. Debian (glibc), not Alpine: sharp,
# Tailwind's oxide, Rollup and esbuild install their prebuilt linux-x64/arm64 (gnu) packages
# from package-lock.json (decision 007), and sharp needs no system libvips there.
#
#   docker build -t ocean-racing-site .
#   docker run -p 3000:3000 -v ort-data:/data ocean-racing-site          # the demo, on PGlite
#
# Not built in CI (CI has no access to a container registry): see README, "Deploy".

ARG NODE_IMAGE=node:20-bookworm-slim

# --- Dependencies, dev tools included (to build) ----------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

# --- Build --------------------------------------------------------------------------------------
FROM deps AS build
COPY . .
RUN npm run build

# --- Production dependencies only ----------------------------------------------------------------
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- Runtime ------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
# MALLOC_MMAP_THRESHOLD_: glibc keeps freed large buffers in its heap once its dynamic threshold
# has grown, so the ~400 MB the embedded database's start uses and frees stayed resident for good;
# a fixed threshold hands them back (measured on PGlite: 696 → 534 MB resident when idle after
# load; issue 13).
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    LOG_LEVEL=info \
    SITE_MODE=demo \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
# The server applies the committed migrations at start; it reads them from server/db/migrations.
COPY --from=build --chown=root:root /app/server/db/migrations ./server/db/migrations
COPY --chown=root:root package.json server.js ./
# The app's files belong to root and are read-only for the app; only DATA_DIR is writable
# (PGlite's files, the e-mail outbox, local uploads, generated secrets).
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# /healthz: the process answers and the database does. Node's own fetch: the slim image has no curl.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# server.js handles SIGTERM itself (finishes requests in flight and running work, closes the
# database, exits 0; 20 s at most): give it that long (`docker stop -t 30`, compose's stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
