import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@app/contract';
import { ApiError, NetworkError } from '../../lib/api.ts';
import { fieldErrors, forgotErrorMessage, loginErrorMessage, resetErrorMessage, shownUnderInput, signupErrorMessage } from './errors.ts';
import { fromPath, returnPath } from './returnTo.ts';

const api = (status: number, body: unknown) => new ApiError(status, body);

describe('account error lines (spec §8)', () => {
  it('login: detail, else the generic failure; no response and other errors have their own line', () => {
    expect(loginErrorMessage(api(400, { detail: 'Unable to log in with provided credentials.' }))).toBe('Unable to log in with provided credentials.');
    expect(loginErrorMessage(api(400, { email: ['Enter a valid email address.'] }))).toBe(AUTH_MESSAGES.loginFailed);
    expect(loginErrorMessage(api(500, 'Internal'))).toBe(AUTH_MESSAGES.loginFailed);
    expect(loginErrorMessage(new NetworkError('Failed to fetch'))).toBe(AUTH_MESSAGES.loginNoResponse);
    expect(loginErrorMessage(new TypeError('boom'))).toBe(AUTH_MESSAGES.loginError);
  });

  it('signup: detail, or the first field error, or the generic failure', () => {
    expect(signupErrorMessage(api(429, { detail: 'Too many attempts. Please try again in 60 seconds.' }))).toBe('Too many attempts. Please try again in 60 seconds.');
    expect(signupErrorMessage(api(400, { email: ['A user is already registered with this e-mail address.'] }))).toBe('A user is already registered with this e-mail address.');
    expect(signupErrorMessage(api(400, { password1: ['This password is too common.', 'This password is entirely numeric.'] }))).toBe('This password is too common.');
    expect(signupErrorMessage(api(502, null))).toBe(AUTH_MESSAGES.signupFailed);
    expect(signupErrorMessage(new NetworkError('x'))).toBe(AUTH_MESSAGES.signupFailed);
  });

  it('forgot password: detail, or the e-mail error, or the generic failure', () => {
    expect(forgotErrorMessage(api(400, { email: ['Enter a valid email address.'] }))).toBe('Enter a valid email address.');
    expect(forgotErrorMessage(api(429, { detail: 'Too many attempts. Please try again in 9 seconds.' }))).toBe('Too many attempts. Please try again in 9 seconds.');
    expect(forgotErrorMessage(api(400, { other: ['x'] }))).toBe(AUTH_MESSAGES.resetEmailFailed);
    expect(forgotErrorMessage(new NetworkError('x'))).toBe(AUTH_MESSAGES.resetEmailFailed);
  });

  it('field errors: every message of a field in one line; the form line is not repeated under an input', () => {
    const weak = api(400, { password1: ['This password is too short. It must contain at least 8 characters.', 'This password is entirely numeric.'], username: ['x'] });
    const fields = fieldErrors(weak);
    expect(fields.password1).toBe('This password is too short. It must contain at least 8 characters. This password is entirely numeric.');
    expect(shownUnderInput(signupErrorMessage(weak), fields, ['email', 'password1', 'password2'])).toBe(true);
    expect(shownUnderInput('x', fields, ['email', 'password1', 'password2'])).toBe(false);
    expect(shownUnderInput('', fields, ['password1'])).toBe(false);
  });

  it('reset confirm: detail or the generic failure; field errors go under the inputs', () => {
    const weak = api(400, { new_password1: ['This password is too short. It must contain at least 8 characters.'] });
    expect(resetErrorMessage(weak)).toBe(AUTH_MESSAGES.resetConfirmFailed);
    expect(fieldErrors(weak)).toEqual({ new_password1: 'This password is too short. It must contain at least 8 characters.' });
    expect(resetErrorMessage(api(400, { detail: 'This password reset link is invalid or has expired.' }))).toBe('This password reset link is invalid or has expired.');
  });
});

describe('where login returns to', () => {
  it('prefers the guarded page the user was sent away from, then where the session expired, then home', () => {
    expect(returnPath({ from: { pathname: '/studies', search: '?t=1', hash: '' } }, '/profile')).toBe('/studies?t=1');
    expect(returnPath(null, '/profile')).toBe('/profile');
    expect(returnPath(undefined, null)).toBe('/');
    expect(returnPath({ notice: 'x' }, null)).toBe('/');
  });

  it('falls back to the destination remembered in this tab (the sign-up detour, a reload, Google)', () => {
    expect(returnPath({ notice: 'Your account has been created. Please log in.' }, null, '/studies')).toBe('/studies');
    expect(returnPath({ from: '/scanner' }, null, '/studies')).toBe('/scanner');
    expect(returnPath(null, '/profile', '/studies')).toBe('/profile');
  });

  it('accepts only paths of this site as a destination', () => {
    expect(fromPath({ from: '/stockperiod' })).toBe('/stockperiod');
    expect(fromPath({ from: '//evil.example/x' })).toBeNull();
    expect(fromPath({ from: 'https://evil.example/' })).toBeNull();
    expect(fromPath({ from: { pathname: '//evil.example' } })).toBeNull();
  });
});
