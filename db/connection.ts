import postgres from "postgres";

export type Sql = postgres.Sql;

/** The pool or a transaction of it: queries that run in either take this. */
export type Db = Sql | postgres.TransactionSql;

/** Opens the postgres.js pool; dates come back as strings so the school's wall clock is never shifted. */
export function connect(url: string, options: { max?: number } = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    // A database that does not answer ends a request with the 503 of api/app.ts after 5 s
    // instead of postgres.js's 30 s (issue 24).
    connect_timeout: 5,
    onnotice: () => {},
    types: {
      // date, time and timestamp without zone: keep Postgres' text (YYYY-MM-DD, HH:MM:SS).
      date: { to: 1082, from: [1082], serialize: (x: string) => x, parse: (x: string) => x },
    },
    transform: { undefined: null },
  });
}
