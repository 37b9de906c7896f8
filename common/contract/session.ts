import { z } from "zod";

/** The signed-in user as /auth/current-user/ and the login answer it. */
export const sessionUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(["admin", "instructor", "student"]),
  is_staff: z.boolean(),
  /** The first admin's generated password: the web app asks for their own until it is changed. */
  must_change_password: z.boolean(),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The body of POST /auth/login/; the field is labelled E-Mail-Adresse but takes usernames too. */
export const loginSchema = z.object({
  username: z.string().trim().min(1, "Bitte geben Sie Ihre E-Mail-Adresse ein.").max(200),
  password: z.string().min(1, "Bitte geben Sie Ihr Passwort ein.").max(1000),
});

export type LoginRequest = z.infer<typeof loginSchema>;

/** The answer of POST /auth/login/: the user, once nested and once spread (spec 01 §3). */
export const loginAnswerSchema = sessionUserSchema.extend({ user: sessionUserSchema });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** The password rules of a password a person chooses (issue 23; create-admin's 10 characters). */
export const passwordMinLength = 10;
export const passwordMaxLength = 128;

/** The German problem with a new password, or "" when it passes the rules. */
export function newPasswordProblem(
  password: string,
  context: { username: string; currentPassword: string },
): string {
  if (password.trim() === "") {
    return password === ""
      ? "Bitte geben Sie ein neues Passwort ein."
      : "Das neue Passwort darf nicht nur aus Leerzeichen bestehen.";
  }
  if ([...password].length < passwordMinLength) {
    return `Das neue Passwort muss mindestens ${passwordMinLength} Zeichen lang sein.`;
  }
  if ([...password].length > passwordMaxLength) {
    return `Das neue Passwort darf höchstens ${passwordMaxLength} Zeichen lang sein.`;
  }
  if (password === context.currentPassword) {
    return "Das neue Passwort muss sich vom bisherigen unterscheiden.";
  }
  const name = context.username.trim().toLowerCase();
  if (name.length >= 3 && password.toLowerCase().includes(name)) {
    return "Das neue Passwort darf den Benutzernamen nicht enthalten.";
  }
  return "";
}

/** The body of POST /auth/change-password/ (the rules that need the user are checked by the API). */
export const changePasswordSchema = z.object({
  current_password: z.string({ error: "Bitte geben Sie Ihr aktuelles Passwort ein." })
    .min(1, "Bitte geben Sie Ihr aktuelles Passwort ein.").max(1000),
  new_password: z.string({ error: "Bitte geben Sie ein neues Passwort ein." })
    .min(1, "Bitte geben Sie ein neues Passwort ein.").max(1000),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

/** The answer of POST /admin/users/{id}/reset-password/: shown once, like an import's. */
export const resetPasswordAnswerSchema = z.object({
  name: z.string(),
  username: z.string(),
  password: z.string(),
});

/** The answer of POST /admin/users/{id}/deactivate/ and /activate/. */
export const activeAnswerSchema = z.object({
  message: z.string(),
  is_active: z.boolean(),
  /** Future lessons now listed as affected (the person's, after a deactivation). */
  affected: z.number(),
});

/** GET /my-calendar-feed/ and the office's view of a person's: the private subscription address. */
export const calendarFeedSchema = z.object({ url: z.string() });

/** GET /auth/password-reset/: whether "Passwort vergessen?" can send a link (e-mail set up). */
export const passwordResetInfoSchema = z.object({ email_configured: z.boolean() });

/** POST /auth/password-reset/: the address a reset link goes to (if a person has it). */
export const passwordResetRequestSchema = z.object({
  email: z.string({ error: "Bitte geben Sie Ihre E-Mail-Adresse ein." }).trim()
    .min(1, "Bitte geben Sie Ihre E-Mail-Adresse ein.")
    .max(200, "Die E-Mail-Adresse ist zu lang.")
    .email("Bitte geben Sie eine gültige E-Mail-Adresse ein."),
});

/** POST /auth/password-reset/confirm/: the link's token and the new password. */
export const passwordResetConfirmSchema = z.object({
  token: z.string({ error: "Der Link ist unvollständig." }).regex(
    /^[0-9a-f]{64}$/,
    "Der Link ist unvollständig. Bitte öffnen Sie ihn aus der E-Mail heraus erneut.",
  ),
  new_password: z.string({ error: "Bitte geben Sie ein neues Passwort ein." })
    .min(1, "Bitte geben Sie ein neues Passwort ein.").max(1000),
});
