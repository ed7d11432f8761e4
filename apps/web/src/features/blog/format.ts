// Dates of the blog screens: short on cards ("Nov 21, 2026"), long on a post ("November 21, 2026").

const short = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const long = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const withTime = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });

export const shortDate = (iso: string) => short.format(new Date(iso));
export const longDate = (iso: string) => long.format(new Date(iso));
export const longDateTime = (iso: string) => withTime.format(new Date(iso));
export const viewsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'view' : 'views'}`;
