// Text the shell shows, in one place for the screens and their tests.

export const SESSION_EXPIRED_BANNER = 'Your session has expired. Please log in again.';
