# orch's own image: `orch`, `orchctl`, `orch-webhook` and `orch-bot` on PATH, running as a non-root user.
# Build it with `npm run build:image` (or `docker build -t orch .`). Two build arguments:
#   BASE_IMAGE   the image it runs on (Node 22 LTS, slim, by default; node:24-slim works as well);
#   BUILD_IMAGE  the image it is built on: it needs npm only (nothing is compiled: the embedded
#                database's driver, libsql, comes as a prebuilt binary in a per-platform npm package,
#                and Node 24 runs it on its own node:sqlite).
ARG BASE_IMAGE=node:22-slim
ARG BUILD_IMAGE=node:22-slim

# Compiles the TypeScript sources (all dependencies, install scripts off: none is needed to compile).
FROM ${BUILD_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts/bundle-bins.mjs ./scripts/
COPY src ./src
RUN npm run build

# Production dependencies only; none needs its install script.
FROM ${BUILD_IMAGE} AS deps
WORKDIR /opt/orch
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force

FROM ${BASE_IMAGE}
WORKDIR /opt/orch
COPY --from=deps /opt/orch/node_modules ./node_modules
COPY package.json ./
COPY proto ./proto
COPY schema ./schema
COPY --from=build /src/lib ./lib
ENV PATH=/opt/orch/bin:$PATH \
    NODE_ENV=production \
    HOME=/tmp
# The commands, as npm would link them.
COPY docker/bin ./bin
# Any non-root user: 65534 (nobody) exists in every Debian image.
USER 65534:65534
EXPOSE 8080
# Healthy when the server the container runs answers GET /healthcheck: on $PORT when it is set (an
# app runtime sets it from the app file's port), else on 8080 (orch-webhook, orch-bot) or 8088 (the
# admin's HTTP side). Node's own fetch: the image has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "const ports = process.env.PORT ? [process.env.PORT] : ['8080', '8088']; Promise.any(ports.map((port) => fetch('http://127.0.0.1:' + port + '/healthcheck', { signal: AbortSignal.timeout(4000) }).then((res) => { if (!res.ok) throw new Error(String(res.status)); }))).then(() => process.exit(0), () => process.exit(1));"]
CMD ["orch", "--help"]
