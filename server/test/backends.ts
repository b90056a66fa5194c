import { createTestDatabase, postgresAvailable } from "./postgres.ts";

/** Where the tests store submissions: SQLite always, PostgreSQL when it is available. */
export interface StorageBackend {
  name: "sqlite" | "postgres";
  skip: boolean;
  /** Environment for servers using this backend (a fresh PostgreSQL database), and cleanup. */
  setup: () => Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }>;
}

export function storageBackends(): StorageBackend[] {
  return [
    { name: "sqlite", skip: false, setup: async () => ({ env: {}, cleanup: async () => {} }) },
    {
      name: "postgres",
      skip: !postgresAvailable(),
      setup: async () => {
        const database = await createTestDatabase();
        return { env: { DATABASE_URL: database.url }, cleanup: database.drop };
      },
    },
  ];
}
