FROM node:24-bookworm-slim
WORKDIR /app
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH
RUN npm i -g pnpm@10.34.8
COPY . .
# Building needs the devDependencies (prisma generate for the client and the Kysely types, vite,
# esbuild), so production mode starts only after the build.
RUN pnpm install --frozen-lockfile && pnpm run build
ENV NODE_ENV=production
EXPOSE 3000
# APP_ROLE=all (default), api or worker: one image for every process of the fleet.
CMD ["node", "apps/api/dist/main.mjs"]
