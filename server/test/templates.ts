import { copyFile } from "node:fs/promises";
import path from "node:path";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated SQLite file, copied into a test's DATA_DIR instead of migrating it anew. */
    sqliteTemplate: string;
    /** A migrated PostgreSQL database, the TEMPLATE of each test's fresh one. */
    postgresTemplate: string;
  }
}

/**
 * The migrated databases the unit suite's global set-up made (template-setup.ts); undefined
 * under a config without it (the reliability suite), where each database is migrated anew.
 */
export const templates = {
  sqlite: () => inject("sqliteTemplate") as string | undefined,
  postgres: () => inject("postgresTemplate") as string | undefined,
};

/**
 * Puts the migrated SQLite template in `dataDir` (a fresh folder of one test's) as its database,
 * when there is one: what opening it would have migrated is there already.
 */
export async function seedSqlite(dataDir: string): Promise<void> {
  const template = templates.sqlite();
  if (template) await copyFile(template, path.join(dataDir, "reelsmith.db"));
}
