import type { LoginAnswer } from '@app/contract';
import { api } from '../../lib/api.ts';
import { AUTH_BASE } from '../../lib/auth.tsx';

// The account calls of spec §7. {base} applies to login, registration and reset; the spec lists
// the Google exchange without it.

export const loginRequest = (email: string, password: string) => api.post<LoginAnswer>(`${AUTH_BASE}/dj-rest-auth/login/`, { email, password });

/** Spec §5: username is set equal to the e-mail. */
export const registerRequest = (email: string, password1: string, password2: string) =>
  api.post(`${AUTH_BASE}/dj-rest-auth/registration/`, { username: email, email, password1, password2 });

export const passwordResetRequest = (email: string) => api.post(`${AUTH_BASE}/dj-rest-auth/password/reset/`, { email });

export const passwordResetConfirmRequest = (body: { uid: string; token: string; new_password1: string; new_password2: string }) =>
  api.post(`${AUTH_BASE}/dj-rest-auth/password/reset/confirm/`, body);

export const googleLoginRequest = (code: string, redirect_uri: string) => api.post<Partial<LoginAnswer>>('/dj-rest-auth/google/', { code, redirect_uri });
