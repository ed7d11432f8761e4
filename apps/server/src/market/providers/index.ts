import type { Config } from '../../config.ts';
import { nasdaqTraderProvider } from './nasdaqTrader.ts';
import { screenerProvider } from './nasdaqScreener.ts';
import { secEdgarProvider } from './secEdgar.ts';
import type { Provider } from './types.ts';
import { yahooBarsProvider } from './yahooBars.ts';

export type { Provider } from './types.ts';
export { csvProvider } from './csvFiles.ts';

/** The network providers a user can name in MARKET_PROVIDERS (the `demo` and `csv` providers are
 *  not fetched on a schedule: demo fills an empty database, csv is `npm run data -- import`). */
export const NETWORK_PROVIDERS: Record<string, (c: Config) => Provider> = {
  'nasdaq-trader': (c) => nasdaqTraderProvider(c.nasdaqTraderUrl),
  'nasdaq-screener': (c) => screenerProvider(c.nasdaqScreenerUrl),
  yahoo: (c) => yahooBarsProvider(c.yahooChartUrl),
  'sec-edgar': (c) => secEdgarProvider({ filesUrl: c.secFilesUrl, dataUrl: c.secDataUrl, userAgent: c.secUserAgent }),
};

export function networkProviders(config: Config): Provider[] {
  return config.marketProviders.map((name) => {
    const make = NETWORK_PROVIDERS[name];
    if (!make) throw new Error(`MARKET_PROVIDERS: unknown provider "${name}" (known: ${Object.keys(NETWORK_PROVIDERS).join(', ')})`);
    return make(config);
  });
}
