/** Which database a handle is on: the embedded SQLite, or PostgreSQL (DATABASE_URL). */
export type Dialect = "sqlite" | "postgres";
