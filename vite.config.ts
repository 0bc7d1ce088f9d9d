import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The portal build. In dev, API calls go to the server on 8080.
const api = process.env.API_PROXY ?? 'http://127.0.0.1:8080';
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false },
  server: {
    proxy: {
      '/portal-main-service': api,
      '/portal-payment-service': api,
      '/portal-auth-service': api,
      '/env.js': api,
    },
  },
});
