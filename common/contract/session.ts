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
});

export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The body of POST /auth/login/; the field is labelled E-Mail-Adresse but takes usernames too. */
export const loginSchema = z.object({
  username: z.string().trim().min(1, "Bitte geben Sie Ihre E-Mail-Adresse ein.").max(200),
  password: z.string().min(1, "Bitte geben Sie Ihr Passwort ein.").max(1000),
});

export type LoginRequest = z.infer<typeof loginSchema>;

/** The answer of POST /auth/login/: the user, once nested and once spread (spec 01 §3). */
export type LoginAnswer = { user: SessionUser } & SessionUser;
