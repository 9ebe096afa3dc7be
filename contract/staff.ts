import { z } from 'zod';
import { withoutControls } from './text.ts';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

const phrase = (subject: string | undefined, rest: string) => (subject ? `${subject} ${rest}` : rest);

/**
 * The one username rule, for a new moderator and for the admin (ADMIN_USERNAME, `npm run admin`):
 * 3–32 letters, digits, _, . or -, surrounding spaces dropped. `subject` begins its messages
 * ("Username must be …"); without it they begin with "must" (a configuration variable's own name
 * goes in front).
 */
export const usernameSchema = (subject?: string) =>
  z
    .string({ error: phrase(subject, 'is required') })
    .trim()
    .regex(USERNAME_PATTERN, phrase(subject, 'must be 3–32 letters, digits, _, . or -'));

/** The one password rule for a password being set: PASSWORD_MIN to PASSWORD_MAX characters, no control characters. */
export const passwordSchema = (subject?: string) =>
  withoutControls(
    z
      .string({ error: phrase(subject, 'is required') })
      .min(PASSWORD_MIN, phrase(subject, `must be at least ${PASSWORD_MIN} characters`))
      .max(PASSWORD_MAX, phrase(subject, `must be at most ${PASSWORD_MAX} characters`)),
    subject ?? 'The password',
  );

export const tokenAnswerSchema = z.object({ token: z.string() }).meta({ id: 'Token' });

/** POST /api/login (moderator): the seed's capitalised names (docs/product.md#login-bodies). */
export const moderatorLoginSchema = z.object({
  UserName: withoutControls(z.string({ error: 'UserName is required' }).trim().min(1, 'UserName is required').max(64, 'UserName is too long'), 'UserName'),
  Password: withoutControls(z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX, 'Password is too long'), 'Password'),
});

/** POST /api/al (admin). */
export const adminLoginSchema = z.object({
  username: withoutControls(z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(64, 'username is too long'), 'username'),
  password: withoutControls(z.string({ error: 'password is required' }).min(1, 'password is required').max(PASSWORD_MAX, 'password is too long'), 'password'),
});

/** POST /api/createModerator; the admin's form validates with the same schema. */
export const createModeratorSchema = z.object({
  UserName: usernameSchema('Username'),
  Password: passwordSchema('Password'),
});
export type CreateModerator = z.infer<typeof createModeratorSchema>;

export const moderatorSchema = z
  .object({ id: z.number().int(), UserName: z.string(), createdAt: z.string() })
  .meta({ id: 'Moderator' });
export type Moderator = z.infer<typeof moderatorSchema>;

export const moderatorStatusSchema = z.object({ id: z.number().int(), UserName: z.string() }).meta({ id: 'ModeratorStatus' });
