import { defineConfig } from "drizzle-kit";

// Migrations are generated from the one schema and applied by wrangler
// (`npm run db:migrate` locally, `wrangler d1 migrations apply DB --remote` in production).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/.server/db/schema.ts",
  out: "./migrations",
});
