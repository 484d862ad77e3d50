// Browser-safe entry: the schema's enums (plain objects plus their union types). The generated
// client, even its own browser.ts, pulls in Prisma's runtime, so nothing else is exported here.
export * from './generated/prisma/enums';
