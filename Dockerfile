# The product as one image: the portal built once, the server run by `npm start` (portal and API on
# port 8080). Multi-stage: the build stage has the dev tools, the runtime stage only production
# dependencies, the built portal, the server's sources and their bundles (scripts/bundle.ts, built here
# so that the non-root `node` user never writes them), run as that user. Data (the embedded database,
# the generated JWT key) lives in /data; with DATABASE_URL set the container keeps nothing of its own.
#
#   docker build -t loyalty-portal .
#   docker run -p 8080:8080 -v loyalty-data:/data loyalty-portal
#
# Node 24 is the current LTS, the same major `npm ci` pins into node_modules for every other command.

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json drizzle.config.ts ./
COPY contract ./contract
COPY resources ./resources
COPY server ./server
COPY scripts ./scripts
# after the sources, so `npm start` finds the portal newer than its sources and does not rebuild
COPY --from=build /app/dist ./dist
# the server's and the operating scripts' bundles, newer than their sources for the same reason
RUN node scripts/bundle.ts server/server.ts scripts/create-user.ts scripts/backup.ts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:8080/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["npm", "start"]
