/** GET /api/meta/: what the shell shows (footer, demo badge, Google button). */
export interface AppMeta {
  supportEmail: string;
  disclaimer: string;
  demoData: boolean;
  googleClientId: string | null;
  googleAuthUrl: string;
}
