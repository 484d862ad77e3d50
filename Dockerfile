FROM node:24-bookworm-slim
WORKDIR /app
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH NODE_ENV=production
RUN npm i -g pnpm@10.34.8
COPY . .
RUN pnpm install --frozen-lockfile && pnpm --filter @app/web run build
EXPOSE 3000
CMD ["node", "--import", "tsx", "apps/api/src/main.ts"]
