# NS-Webtid: build once in the first stage, run the compiled server as a non-root user.
#   docker build -t ns-webtid .
#   docker run -p 3000:3000 -v webtid-data:/data ns-webtid          (embedded database in /data)
#   docker compose up                                               (with PostgreSQL, see compose.yaml)
#   docker compose exec -T app webtid reset-password --username jens --password-stdin < pw.txt
#                       (-T: no terminal, so that a piped password reaches the command)
#
# Base image: pin it by digest for reproducible builds, e.g.
#   FROM node:22-bookworm-slim@sha256:<digest>    (docker buildx imagetools inspect node:22-bookworm-slim)
# and update the digest deliberately. (Not pinned here: no registry was reachable where this was written.)
ARG NODE_IMAGE=node:22-bookworm-slim
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The commit baked into the build (version in /healthz, the banner and every log line):
#   docker build --build-arg GIT_COMMIT=$(git rev-parse --short=12 HEAD) -t ns-webtid .
ARG GIT_COMMIT=""
ENV GIT_COMMIT=${GIT_COMMIT}
# Dependencies first: this layer is reused as long as the lock file is unchanged.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The client into dist/client, the server compiled into dist/server; then drop the dev tools.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    PATH=/app/bin:$PATH
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The UI catalogues are read at runtime (/locales/*.json).
COPY --from=build /app/messages ./messages
# `webtid` (the operator CLI) is on the PATH: bin/webtid is a link to bin/webtid.js.
#   docker compose exec app webtid --help
COPY --from=build /app/bin ./bin
COPY --from=build /app/scripts/build-state.js /app/scripts/start.js ./scripts/
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node runs the server directly (no npm, no shell in between), so SIGTERM reaches it: /readyz
# turns 503, requests in flight finish, the database closes. compose adds `init: true` (tini as
# PID 1, which reaps the CLI's processes) and a 15 s stop grace period.
# --max-semi-space-size=32: a young generation of 2 × 32 MB instead of 2 × 16 MB (decision 0491).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=32", "dist/server/main.js"]
