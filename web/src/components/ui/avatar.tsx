import "./avatar.css";
/** The parts of a user an avatar needs. */
export interface AvatarUser {
  username: string;
  first_name?: string | null;
  last_name?: string | null;
}

/**
 * Initials of spec 01 §2: first letters of first and last name, otherwise the first two letters
 * of the username; upper-case.
 */
export function initials(user: AvatarUser): string {
  const first = user.first_name?.trim() ?? "";
  const last = user.last_name?.trim() ?? "";
  if (first && last) return (Array.from(first)[0] + Array.from(last)[0]).toUpperCase();
  return Array.from(user.username.trim()).slice(0, 2).join("").toUpperCase();
}

/** A round badge with the user's initials; the tooltip is the username. */
export function Avatar({ user, className = "" }: { user: AvatarUser; className?: string }) {
  return (
    <span
      className={`avatar ${className}`.trim()}
      title={user.username}
      role="img"
      aria-label={user.username}
    >
      {initials(user)}
    </span>
  );
}
