// The account service (spec §7, dj-rest-auth paths). Login, registration, logout, token refresh and
// password reset sit under {base}; the spec lists user and google without it (the server answers both).
import {
  DetailAnswer,
  GoogleLoginBody,
  LoginAnswer,
  LoginBody,
  PasswordResetBody,
  PasswordResetConfirmBody,
  RegistrationAnswer,
  RegistrationBody,
  TokenRefreshBody,
  UserDetails,
  UserPatchBody,
} from '../auth.ts';
import { endpoint } from './endpoint.ts';

export const auth = {
  login: endpoint({
    method: 'POST', path: '/dj-rest-auth/login/', authBase: true, auth: 'public', tag: 'Accounts', summary: 'Log in with e-mail and password',
    description: 'Sets the httpOnly session cookies; answers the access token the client keeps in `_auth`.',
    body: LoginBody, status: 200, response: LoginAnswer, errors: [403, 429],
  }),
  logout: endpoint({
    method: 'POST', path: '/dj-rest-auth/logout/', authBase: true, auth: 'public', tag: 'Accounts', summary: 'Log out',
    description: 'Ends the session: every access and refresh token it issued stops working at once. Clears the cookies.', status: 200, response: DetailAnswer, errors: [403],
  }),
  logoutAll: endpoint({
    method: 'POST', path: '/dj-rest-auth/logout/all/', authBase: true, auth: 'user', tag: 'Accounts', summary: 'Log out everywhere',
    description: "Ends every session of the signed-in user (every browser and device); clears this browser's cookies.", status: 200, response: DetailAnswer, errors: [403],
  }),
  registration: endpoint({
    method: 'POST', path: '/dj-rest-auth/registration/', authBase: true, auth: 'public', tag: 'Accounts', summary: 'Create an account',
    body: RegistrationBody, status: 201, response: RegistrationAnswer, errors: [403, 429],
  }),
  refresh: endpoint({
    method: 'POST', path: '/dj-rest-auth/token/refresh/', authBase: true, auth: 'public', tag: 'Accounts', summary: 'Trade the refresh token for a new session',
    description: 'Reads the `_refresh` cookie (or `refresh` in the body); both tokens rotate. 401 when it is invalid or expired.',
    body: TokenRefreshBody, status: 200, response: LoginAnswer, errors: [403],
  }),
  passwordReset: endpoint({
    method: 'POST', path: '/dj-rest-auth/password/reset/', authBase: true, auth: 'public', tag: 'Accounts', summary: 'Mail a password reset link',
    description: 'Answers the same whether or not the e-mail has an account.', body: PasswordResetBody, status: 200, response: DetailAnswer, errors: [403, 429],
  }),
  passwordResetConfirm: endpoint({
    method: 'POST', path: '/dj-rest-auth/password/reset/confirm/', authBase: true, auth: 'public', tag: 'Accounts', summary: 'Set a new password with a reset link',
    body: PasswordResetConfirmBody, status: 200, response: DetailAnswer, errors: [403, 429],
  }),
  user: endpoint({ method: 'GET', path: '/dj-rest-auth/user/', auth: 'user', tag: 'Accounts', summary: "The signed-in user's details", status: 200, response: UserDetails }),
  updateUser: endpoint({
    method: 'PATCH', path: '/dj-rest-auth/user/', auth: 'user', tag: 'Accounts', summary: 'Change first and last name',
    description: 'The e-mail is read only.', body: UserPatchBody, status: 200, response: UserDetails, errors: [403],
  }),
  replaceUser: endpoint({
    method: 'PUT', path: '/dj-rest-auth/user/', auth: 'user', tag: 'Accounts', summary: 'Change first and last name (as PATCH)',
    body: UserPatchBody, status: 200, response: UserDetails, errors: [403],
  }),
  google: endpoint({
    method: 'POST', path: '/dj-rest-auth/google/', auth: 'public', tag: 'Accounts', summary: 'Sign in with a Google authorization code',
    body: GoogleLoginBody, status: 200, response: LoginAnswer, errors: [403],
  }),
};
