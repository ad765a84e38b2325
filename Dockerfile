# The farm shop as one container (issue 7): Node 24 LTS, production dependencies only, a
# non-root user, the SQLite data (or nothing, with PostgreSQL) on a volume, and a health check.
#   docker build -t farm-shop .
#   docker run -p 3000:3000 -v farm-data:/data farm-shop
# With PostgreSQL and several instances: see compose.yaml and the README.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# esbuild and sharp ship prebuilt binaries. better-sqlite3 is compiled here against Node
# 24.18.1's headers: built against 24.19+ headers, better-sqlite3 12 (the last line that runs on
# Node 20) aborts the process during garbage collection (nodejs/node#65446; ADR 14). The result
# runs on every Node 24 release; CI proves it on the latest.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
RUN npm install --no-audit --no-fund \
    && npm rebuild better-sqlite3 --build-from-source --target=24.18.1
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_URL=file:/data/shop.db
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /healthz answers 200 only while the database answers (503 otherwise).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) drains in-flight requests and closes the database before exiting.
STOPSIGNAL SIGTERM
CMD ["node", "build/host/server.js"]
