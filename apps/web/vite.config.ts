/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../tools/vite-precompress';

const api = process.env.DROPDESK_API ?? 'http://127.0.0.1:8080';
const proxy = Object.fromEntries(['/merchant', '/admin', '/uploads', '/healthz'].map((p) => [p, api]));

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // antd-mobile's @react-spring peers ask for React ≤ 18, so npm hoists a React 18 next to our 19:
    // every import of react must resolve to this app's React 19.
    dedupe: ['react', 'react-dom'],
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    target: 'es2022',
    reportCompressedSize: false,
    // scripts/prerender.mjs reads which files the login screen needs.
    manifest: true,
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/single-react.ts', './src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    server: {
      deps: {
        inline: [
          /antd-mobile/,
          /react-router/,
          /react-i18next/,
          /@tanstack/,
          /zustand/,
          /react-hook-form/,
          /@hookform/,
        ],
      },
    },
  },
});
