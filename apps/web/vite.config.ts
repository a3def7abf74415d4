import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API = 'http://localhost:3000';

/**
 * The API accepts cookie-bearing requests only from trusted origins. In development the page is
 * served from Vite's port, so the proxy presents requests as coming from the API's own origin.
 */
function presentAsApiOrigin(proxy: {
  on(event: 'proxyReq', listener: (request: ClientRequestLike) => void): void;
}) {
  proxy.on('proxyReq', (request) => {
    if (request.getHeader('origin')) request.setHeader('origin', API);
  });
}

interface ClientRequestLike {
  getHeader(name: string): unknown;
  setHeader(name: string, value: string): void;
}

// In development the API runs on the product server (npm start, port 3000); Vite proxies to it so
// the app and the API share one origin, as they do in production.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': { target: API, configure: presentAsApiOrigin },
      '/dev/outbox': API,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Libraries change far less often than the app: in chunks of their own they stay cached
        // across releases, and no single file grows past what a phone downloads comfortably.
        manualChunks: {
          react: ['react', 'react-dom', 'react-dom/client', 'react-router'],
          forms: ['zod', 'react-hook-form', '@hookform/resolvers'],
          ui: ['@tanstack/react-query', '@radix-ui/react-dialog', '@radix-ui/react-dropdown-menu', 'sonner'],
        },
      },
    },
  },
});
