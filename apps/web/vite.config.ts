import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const api = process.env.API_URL ?? 'http://localhost:8000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // public/ holds the chart page's source (served at /public/chart.html); static assets live in static/.
  publicDir: 'static',
  build: {
    // index.html is the SPA; public/chart.html is the static backtest chart page (spec §2).
    rollupOptions: { input: { main: 'index.html', chart: 'public/chart.html' } },
    chunkSizeWarningLimit: 1500,
  },
  // `npm run dev`: Vite serves the app with hot reload and forwards API calls to the server.
  server: {
    port: 5173,
    proxy: { '/api': api, '/dj-rest-auth': api, '/healthz': api },
  },
});
