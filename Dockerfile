# The production image: `docker build -t scripthub .` (compose.yaml runs two of them behind nginx).
FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# patches/ first: npm ci's postinstall applies them (patch-package).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci
COPY . .
RUN npm run build
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
EXPOSE 3000
CMD ["node", "--max-old-space-size=256", "cli/start.mjs"]
