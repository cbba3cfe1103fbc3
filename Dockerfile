# orch's own image: `orch`, `orchctl`, `orch-webhook` and `orch-bot` on PATH, running as a non-root user.
# Build it with `npm run build:image` (or `docker build -t orch .`). Two build arguments:
#   BASE_IMAGE   the image it runs on (Node 22 LTS, slim, by default);
#   BUILD_IMAGE  the image it is built on: it needs npm and, where no prebuilt better-sqlite3 binary can
#                be downloaded for it, python3, make and g++ (the full Node image has them).
# Node 22 by default, where better-sqlite3 runs the embedded database. On Node 24 orch runs it on
# node:sqlite instead: better-sqlite3 12 aborts the process on Node 24.19 and later when a statement is
# collected (its Statement destructor trips Node's RemoveEnvironmentCleanupHook check), and its fix,
# better-sqlite3 13, needs Node 22 or later and would drop Node 20.
ARG BASE_IMAGE=node:22-slim
ARG BUILD_IMAGE=node:22

# Compiles the TypeScript sources (all dependencies, install scripts off: none is needed to compile).
FROM ${BUILD_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts/bundle-bins.mjs ./scripts/
COPY src ./src
RUN npm run build

# Production dependencies only; better-sqlite3 is the one whose install script must run (its binary).
FROM ${BUILD_IMAGE} AS deps
WORKDIR /opt/orch
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && npm rebuild better-sqlite3 \
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
CMD ["orch", "--help"]
