FROM node:24-bookworm-slim
WORKDIR /app
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH
RUN npm i -g pnpm@10.34.8
COPY . .
# Building needs the devDependencies (prisma generate for the client and the Kysely types, vite),
# so production mode starts only after the build.
RUN pnpm install --frozen-lockfile && pnpm --filter @app/web run build
ENV NODE_ENV=production
EXPOSE 3000
CMD ["node", "--import", "tsx", "apps/api/src/main.ts"]
