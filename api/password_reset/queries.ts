/**
 * "Passwort vergessen?" by e-mail (issue 23): a token of 256 random bits, stored only as its
 * SHA-256 hash (a leaked table opens no account), good for one hour and one use.
 */
import type { Db } from "../../db/connection.ts";
import { enqueue } from "../../db/notification_outbox.ts";
import { passwordResetMail } from "../../common/notification_texts.ts";
import { randomToken, sha256Hex } from "../auth/tokens.ts";

/** How long a link works. */
export const RESET_LINK_MINUTES = 60;
/** Links per person and hour: more would let anyone flood a mailbox with our e-mails. */
const LINKS_PER_HOUR = 3;

/**
 * Queues a reset link for every active instructor or student with this address (case ignored).
 * Answers nothing: the caller's answer must not tell whether the address exists.
 */
export async function sendResetLinks(
  tx: Db,
  email: string,
  linkFor: (token: string) => string,
): Promise<void> {
  const people = await tx<{ id: number; email: string; name: string; recent: number }[]>`
    select u.id::int, u.email,
           coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as name,
           (select count(*)::int from password_reset_tokens r
             where r.user_id = u.id and r.created_at > now() - interval '1 hour') as recent
      from users u
     where u.email <> '' and lower(u.email) = lower(${email}) and u.is_active
  `;
  for (const person of people) {
    if (person.recent >= LINKS_PER_HOUR) continue;
    const token = randomToken();
    const [row] = await tx<{ expires_at: Date }[]>`
      insert into password_reset_tokens (token_hash, user_id, expires_at)
      values (${await sha256Hex(token)}, ${person.id},
              now() + make_interval(mins => ${RESET_LINK_MINUTES}))
      returning expires_at
    `;
    await enqueue(tx, [{
      userId: person.id,
      event: "password_reset",
      address: person.email,
      mail: passwordResetMail(person.name, linkFor(token)),
      // A link nobody could use any more is not worth sending.
      expiresAt: row.expires_at.toISOString(),
    }]);
  }
}

/**
 * Takes a token for good: answers its person if it is unused, not expired and the person still
 * active, and marks it (and every other open link of the person) used, in the caller's
 * transaction. The row lock makes two uses at once count once.
 */
export async function takeResetToken(
  tx: Db,
  token: string,
): Promise<{ id: number; username: string } | undefined> {
  const [row] = await tx<{ id: number; username: string }[]>`
    select u.id::int, u.username
      from password_reset_tokens r join users u on u.id = r.user_id
     where r.token_hash = ${await sha256Hex(token)} and r.used_at is null
       and r.expires_at > now() and u.is_active
       for update of r
  `;
  if (!row) return undefined;
  await tx`
    update password_reset_tokens set used_at = now()
     where user_id = ${row.id} and used_at is null
  `;
  return row;
}

/** Whether a token may still be used (read only; takeResetToken decides for good). */
export async function resetTokenOpen(db: Db, token: string): Promise<boolean> {
  const [row] = await db`
    select 1 from password_reset_tokens
     where token_hash = ${await sha256Hex(token)} and used_at is null and expires_at > now()
  `;
  return Boolean(row);
}
