import { z } from 'zod';

// Account payloads of spec §7 (dj-rest-auth paths) and the spec's account messages (§5, §8),
// shared by the server, the screens and the tests.

/** The spec's account messages, word for word. */
export const AUTH_MESSAGES = {
  loginMissingFields: 'Please enter both email and password.',
  loginFailed: 'Login failed. Please try again.',
  loginNoResponse: 'No response from the server. Please check your network connection.',
  loginError: 'An error occurred during login. Please try again.',
  signupPasswordsMismatch: 'Passwords do not match',
  signupFailed: 'Registration failed. Please try again.',
  profileLoadFailed: 'Failed to load user profile',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
  profileUpdated: 'Profile updated successfully!',
  logoutEverywhereFailed: 'Could not log out everywhere. Please try again.',
  resetEmailSent: 'Password reset email has been sent. Please check your inbox.',
  resetEmailFailed: 'Failed to send reset email. Please try again.',
  resetConfirmMismatch: 'Passwords do not match.',
  resetConfirmSuccess: 'Password reset successful! Redirecting to login...',
  resetConfirmFailed: 'Password reset failed. Please try again.',
  tokenExpiredConsole: 'Token expired, removing from cookies',
  invalidTokenConsole: 'Invalid token format, treating as valid for now',
  noTokenToLogin: 'no token provided to login function',
} as const;

/** Delays and lifetimes of spec §9. */
export const RESET_REDIRECT_DELAY_MS = 2000;

/** Server answers (the wording the API uses; the screens show them as `detail` or field errors). */
export const AUTH_API_MESSAGES = {
  badCredentials: 'Unable to log in with provided credentials.',
  emailTaken: 'A user is already registered with this e-mail address.',
  passwordsMismatch: "The two password fields didn't match.",
  invalidEmail: 'Enter a valid email address.',
  required: 'This field is required.',
  resetSent: 'Password reset e-mail has been sent.',
  resetDone: 'Password has been reset with the new password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  loggedOut: 'Successfully logged out.',
  loggedOutEverywhere: 'Logged out on every device.',
  refreshInvalid: 'Token is invalid or expired',
  registered: 'Registration successful.',
  googleNotConfigured: 'Google sign-in is not configured.',
  googleFailed: 'Google sign-in failed. Please try again.',
  googleEmailUnverified: 'Your Google e-mail address is not verified.',
  originRejected: 'Origin checking failed: this request did not come from the site.',
  tooManyAttempts: (seconds: number) => `Too many attempts. Please try again in ${seconds} seconds.`,
} as const;

/** Password rules a user can read; the server checks them, the sign-up screen lists them. */
export const PASSWORD_RULES = [
  'At least 8 characters.',
  'Not entirely numeric.',
  'Not a commonly used password.',
  'Not too similar to your e-mail address.',
] as const;

const requiredText = (max: number) =>
  z
    .string({ error: AUTH_API_MESSAGES.required })
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .refine((s) => s.length > 0, AUTH_API_MESSAGES.required);

const email = z
  .string({ error: AUTH_API_MESSAGES.required })
  .trim()
  .min(1, AUTH_API_MESSAGES.required)
  .max(254, 'Ensure this field has no more than 254 characters.')
  .pipe(z.email(AUTH_API_MESSAGES.invalidEmail));

export const LoginBody = z.object({
  email,
  password: requiredText(256),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** Spec §5: the sign-up screen sets username equal to the e-mail. */
export const RegistrationBody = z.object({
  username: z.string().max(254).optional(),
  email,
  password1: requiredText(256),
  password2: requiredText(256),
});
export type RegistrationBody = z.infer<typeof RegistrationBody>;

export const PasswordResetBody = z.object({ email });
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

export const PasswordResetConfirmBody = z.object({
  uid: requiredText(64),
  token: requiredText(128),
  new_password1: requiredText(256),
  new_password2: requiredText(256),
});
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBody>;

export const GoogleLoginBody = z.object({
  code: requiredText(2048),
  redirect_uri: z.url({ error: 'Enter a valid URL.' }).max(2048),
});
export type GoogleLoginBody = z.infer<typeof GoogleLoginBody>;

// PostgreSQL text cannot hold U+0000; DRF refuses it with this message.
const name = z
  .string()
  .trim()
  .max(150, 'Ensure this field has no more than 150 characters.')
  .refine((s) => !s.includes('\u0000'), 'Null characters are not allowed.');
/** PATCH /dj-rest-auth/user/: only the names change; e-mail is read only (ignored if sent). */
export const UserPatchBody = z.object({ first_name: name.optional(), last_name: name.optional() });
export type UserPatchBody = z.infer<typeof UserPatchBody>;

export const UserDetails = z.object({
  pk: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type UserDetails = z.infer<typeof UserDetails>;

/** Answer of login, Google login and token refresh. `access` is also what the client keeps in `_auth`. */
export const LoginAnswer = z.object({
  access: z.string(),
  access_expiration: z.string().meta({ format: 'date-time' }),
  user: UserDetails.optional(),
});
export type LoginAnswer = z.infer<typeof LoginAnswer>;

/** The answer of calls that only report what they did (logout, reset). */
export const DetailAnswer = z.object({ detail: z.string() });
export type DetailAnswer = z.infer<typeof DetailAnswer>;

/** POST /dj-rest-auth/registration/ answer (201). */
export const RegistrationAnswer = z.object({ detail: z.string(), user: UserDetails });
export type RegistrationAnswer = z.infer<typeof RegistrationAnswer>;

/** POST /dj-rest-auth/token/refresh/: the `_refresh` cookie, or (API clients) the token in the body. */
export const TokenRefreshBody = z
  .unknown()
  .meta({ type: 'object', properties: { refresh: { type: 'string' } } })
  .transform((b) => {
    const refresh = typeof b === 'object' && b !== null ? (b as { refresh?: unknown }).refresh : undefined;
    return { refresh: typeof refresh === 'string' ? refresh : '' };
  });
