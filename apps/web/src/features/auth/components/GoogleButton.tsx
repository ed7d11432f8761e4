import { buttonClass } from '../../../components/index.ts';
import { useAppMeta } from '../../../lib/meta.ts';
import { googleAuthorizationUrl } from '../google.ts';
import { rememberReturnPath } from '../returnTo.ts';

/** "Continue with Google": shown only when the server has Google sign-in configured. */
export function GoogleButton({ returnTo }: { returnTo: string }) {
  const { meta } = useAppMeta();
  if (!meta.googleClientId || !meta.googleAuthUrl) return null;
  const start = () => {
    rememberReturnPath(returnTo);
    window.location.assign(googleAuthorizationUrl(meta.googleAuthUrl, meta.googleClientId!));
  };
  return (
    <>
      <div className="my-5 flex items-center gap-3 text-xs text-slate-500 uppercase dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" /> or <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
      </div>
      <button type="button" onClick={start} className={buttonClass('secondary', 'md', 'w-full')}>
        <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
          <path fill="#EA4335" d="M12 10.2v3.9h5.5c-.2 1.3-1.6 3.9-5.5 3.9-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.3 14.6 2.3 12 2.3 6.6 2.3 2.3 6.6 2.3 12s4.3 9.7 9.7 9.7c5.6 0 9.3-3.9 9.3-9.5 0-.6-.1-1.1-.2-1.6H12z" />
        </svg>
        Continue with Google
      </button>
    </>
  );
}
