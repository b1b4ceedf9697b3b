/// <reference types="vitest/config" />
import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// A relative path: the config loader bundles it (the package name would be loaded as raw .ts).
import { langOfCookie } from '../../packages/contract/src/constants';
import { precompress } from '../../tools/vite-precompress';
// @ts-expect-error: a plain .mjs build script, shared with scripts/prerender.mjs
import { loginPage } from './scripts/login-page.mjs';

const api = process.env.DROPDESK_API ?? 'http://127.0.0.1:8080';
const proxy = Object.fromEntries(['/merchant', '/admin', '/uploads', '/healthz'].map((p) => [p, api]));

/**
 * The dev server sends /login the way the built server does: the login page (LoginView's markup
 * and its script), not the app, in the language of the `lang` cookie.
 */
function devLoginPage(): Plugin {
  return {
    name: 'dropdesk-dev-login-page',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://dev');
        if (req.method !== 'GET' || url.pathname !== '/login' || url.searchParams.has('data')) return next();
        try {
          const { renderLogin } = await server.ssrLoadModule('/src/prerender.tsx');
          const lang = langOfCookie(req.headers.cookie);
          const read = (file: string) => JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8'));
          const page = renderLogin(
            lang,
            read(`./src/locales/${lang}.json`),
            read(`../../packages/contract/messages/${lang}.json`),
          );
          const template = fs.readFileSync(new URL('./index.html', import.meta.url), 'utf8');
          const html = loginPage({
            ...page,
            lang,
            template,
            texts: { ...page.texts, appFiles: [] },
            script: '/src/login/page.ts',
          });
          res.setHeader('content-type', 'text/html');
          res.end(await server.transformIndexHtml('/login', html));
        } catch (error) {
          next(error);
        }
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), devLoginPage()],
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
    // scripts/prerender.mjs reads which files the login page and the app's start need.
    manifest: true,
    rollupOptions: {
      // The login page's script is its own entry: /login loads it, not the app (src/login/page.ts).
      input: { index: 'index.html', login: 'src/login/page.ts' },
    },
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
