import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { currentUser } from "../auth/middleware.ts";
import { sha256Hex } from "../auth/tokens.ts";
import type { AppEnv } from "../env.ts";
import { AppError } from "../lib/errors.ts";
import { type DataKind, type Db, readVersion } from "./queries.ts";

const keyPattern = /^[A-Za-z0-9_.:-]{8,200}$/;
const conflictMessage =
  "Ihre Änderungen beruhen auf einem veralteten Stand: Inzwischen wurde an anderer Stelle gespeichert. Bitte entscheiden Sie, welche Version gelten soll.";

/** The version an ETag or If-Match header names: W/"3", "3" or 3; null when absent or '*'. */
export function parseVersionHeader(header: string | undefined): number | null {
  if (header === undefined || header.trim() === "" || header.trim() === "*") return null;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!match) {
    throw new AppError(
      400,
      "invalid_if_match",
      "Die Versionsangabe (If-Match) ist ungültig. Bitte laden Sie die Seite neu.",
    );
  }
  return Number(match[1]);
}

/** The ETag value for a version. */
export function etag(version: number): string {
  return `"${version}"`;
}

/** Answers the user's stored set of one kind with its version as ETag, both from one snapshot. */
export async function versionedRead(
  c: Context<AppEnv>,
  kind: DataKind,
  read: (tx: Db, userId: number) => Promise<unknown>,
) {
  const userId = currentUser(c).id;
  const [rows, version] = await c.get("sql").begin(
    "isolation level repeatable read",
    async (tx) => [await read(tx, userId), await readVersion(tx, userId, kind)] as const,
  );
  c.header("ETag", etag(version));
  return c.json(rows);
}

interface WriteOptions {
  kind: DataKind;
  /** the validated body, fingerprinted so a key cannot be reused for another change */
  body: unknown;
  /** what is stored now (the 412 answer's `current`, and the 200 answer's data) */
  read(tx: Db, userId: number): Promise<unknown>;
  /** replaces the stored set and returns the new version */
  replace(tx: Db, userId: number): Promise<number>;
  /** builds the 200 answer */
  answer(stored: unknown, version: number): Record<string, unknown>;
}

/**
 * A replacing write that happens at most once per Idempotency-Key and only on the version named
 * by If-Match (when given). The user's row is locked first, so two writes of one user run one
 * after the other and a duplicate key sent twice at the same moment still applies once.
 */
export async function versionedWrite(c: Context<AppEnv>, options: WriteOptions) {
  const user = c.get("user")!;
  const key = c.req.header("Idempotency-Key")?.trim() || null;
  if (key !== null && !keyPattern.test(key)) {
    throw new AppError(
      400,
      "invalid_idempotency_key",
      "Der Idempotency-Key ist ungültig (8 bis 200 Zeichen: Buchstaben, Ziffern, _ . : -).",
    );
  }
  const expected = parseVersionHeader(c.req.header("If-Match"));
  const fingerprint = await sha256Hex(
    `${c.req.method} ${c.req.path}\n${JSON.stringify(options.body)}`,
  );

  const result = await c.get("sql").begin(async (tx) => {
    const version = await readVersion(tx, user.id, options.kind, { forUpdate: true });
    if (key !== null) {
      const [earlier] = await tx`
        select status, body, request_hash from idempotency_keys
        where user_id = ${user.id} and key = ${key}
      `;
      if (earlier) {
        if (earlier.request_hash !== fingerprint) {
          throw new AppError(
            422,
            "idempotency_key_reused",
            "Dieser Idempotency-Key wurde bereits für eine andere Änderung verwendet.",
          );
        }
        return { status: earlier.status as number, body: earlier.body, replayed: true };
      }
    }
    let status: number;
    let body: Record<string, unknown>;
    if (expected !== null && expected !== version) {
      status = 412;
      body = {
        error: conflictMessage,
        code: "version_conflict",
        current: await options.read(tx, user.id),
        version,
      };
    } else {
      const next = await options.replace(tx, user.id);
      status = 200;
      body = options.answer(await options.read(tx, user.id), next);
    }
    if (key !== null) {
      // Keys live a month: long enough for any offline queue, short enough to keep the table small.
      await tx`delete from idempotency_keys
               where user_id = ${user.id} and created_at < now() - interval '30 days'`;
      await tx`
        insert into idempotency_keys (user_id, key, request_path, status, body, request_hash)
        values (${user.id}, ${key}, ${c.req.path}, ${status}, ${tx.json(body as never)},
                ${fingerprint})
      `;
    }
    return { status, body, replayed: false };
  });

  const body = result.body as { version?: number };
  if (typeof body.version === "number") c.header("ETag", etag(body.version));
  if (result.replayed) c.header("Idempotent-Replayed", "true");
  return c.json(result.body, result.status as ContentfulStatusCode);
}
