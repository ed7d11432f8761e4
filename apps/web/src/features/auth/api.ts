import { useMutation } from '@tanstack/react-query';
import { endpoints, type GoogleLoginBody, type LoginBody, type PasswordResetConfirmBody } from '@app/contract';
import { call } from '../../lib/api.ts';

// The account calls of spec §7 as mutations, like every other feature's writes. lib/api.ts puts
// {base} in front of the paths that sit under it (login, registration, reset); the Google exchange
// has none.
const { auth } = endpoints;

export const useLogin = () => useMutation({ mutationFn: (body: LoginBody) => call(auth.login, { body }) });

/** Spec §5: username is set equal to the e-mail. */
export const useRegister = () =>
  useMutation({
    mutationFn: ({ email, password1, password2 }: { email: string; password1: string; password2: string }) =>
      call(auth.registration, { body: { username: email, email, password1, password2 } }),
  });

export const usePasswordReset = () => useMutation({ mutationFn: (email: string) => call(auth.passwordReset, { body: { email } }) });

export const usePasswordResetConfirm = () => useMutation({ mutationFn: (body: PasswordResetConfirmBody) => call(auth.passwordResetConfirm, { body }) });

export const useGoogleLogin = () => useMutation({ mutationFn: (body: GoogleLoginBody) => call(auth.google, { body }) });
