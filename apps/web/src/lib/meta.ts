import { useQuery } from '@tanstack/react-query';
import { endpoints, type AppMeta } from '@app/contract';
import { call } from './api.ts';

// GET /api/meta/: site settings the UI shows (footer contact and disclaimer, the demo-data notice,
// whether Google sign-in is configured). Fetched once per page load and shared by every reader.

/** Shown until /api/meta/ answers (and if it cannot be reached); same wording as the server's defaults. */
export const DEFAULT_META: AppMeta = {
  supportEmail: 'support@example.com',
  disclaimer: 'This site is not responsible for how its features, calculations or results are used. Nothing here is investment advice.',
  demoData: false,
  googleClientId: null,
  googleAuthUrl: '',
};

export const META_QUERY_KEY = ['meta'] as const;

/** The site settings; `meta` holds the defaults while loading, `loaded` tells when they are real. */
export function useAppMeta(): { meta: AppMeta; loaded: boolean } {
  const q = useQuery({ queryKey: META_QUERY_KEY, queryFn: () => call(endpoints.meta), staleTime: Infinity });
  return { meta: q.data ?? DEFAULT_META, loaded: q.isSuccess };
}

/** The UI marks demo data as such: a badge in the bar and this notice on the home page and in the footer. */
export const DEMO_DATA_BADGE = 'Demo data';
export const DEMO_DATA_NOTICE =
  'Prices, volumes and fundamentals on this site are generated demo data, not real market quotes. Use them to try the tools, not to trade.';
