/// <reference types="vitest/config" />
import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { configDefaults } from 'vitest/config';
// A relative path: the config loader bundles it (the package name would be loaded as raw .ts).
import { langOfPage } from '../../packages/contract/src/constants';
// @ts-expect-error: a plain .mjs build script (node runs it alone), without type declarations
import { bundleVerifier, VERIFIER_FILE } from '../../packages/ledger-proof/build.mjs';
import { keepStylesheets } from '../../tools/vite-keep-stylesheets';
import { precompress } from '../../tools/vite-precompress';
// @ts-expect-error: a plain .mjs build script, shared with scripts/prerender.mjs
import { ownPage } from './scripts/own-page.mjs';

/** Test files that replace a module (vi.mock): each runs with modules of its own. */
const MOCKING = ['src/features/shop/screens/Shop.test.tsx'];

const api = process.env.DROPDESK_API ?? 'http://127.0.0.1:8080';
const proxy = Object.fromEntries(
  ['/merchant', '/admin', '/api', '/ledger', '/uploads', '/healthz'].map((p) => [p, api]),
);

/**
 * The offline verifier of statements, offered for download by /verify: packages/ledger-proof's CLI
 * bundled into one file by that package's own build.mjs (the same bundle as its dist/), emitted at
 * the root of the site as /dropdesk-verify.mjs. Built from source on every build, so a fresh clone
 * needs no earlier step, and nothing is written into the source tree; the dev server bundles it on
 * request.
 */
function offlineVerifier(): Plugin {
  const file = VERIFIER_FILE as string;
  const bundle = bundleVerifier as () => Promise<string>;
  let served = true;
  return {
    name: 'dropdesk-offline-verifier',
    configResolved(config) {
      // The prerender's server-side build (scripts/prerender.mjs) is not served.
      served = !config.build.ssr;
    },
    async generateBundle() {
      if (served) this.emitFile({ type: 'asset', fileName: file, source: await bundle() });
    },
    configureServer(server) {
      server.middlewares.use(`/${file}`, (_req, res, next) => {
        bundle().then((text) => {
          res.setHeader('content-type', 'text/javascript; charset=utf-8');
          res.end(text);
        }, next);
      });
    },
  };
}

/**
 * The dev server sends /login and /home the way the built server does: the page of its own (its
 * view's markup and its script), not the app, in the language of the `lang` cookie.
 */
function devOwnPages(): Plugin {
  return {
    name: 'dropdesk-dev-own-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://dev');
        const page = url.pathname === '/login' ? 'login' : url.pathname === '/home' ? 'home' : null;
        if (req.method !== 'GET' || !page || url.searchParams.has('data')) return next();
        try {
          const { renderLogin, renderHome } = await server.ssrLoadModule('/src/prerender.tsx');
          const lang = langOfPage(req.url ?? '/', req.headers.cookie);
          const read = (file: string) => JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8'));
          const messages = read(`./src/locales/${lang}.json`);
          const serverMessages = read(`../../packages/contract/messages/${lang}.json`);
          const view =
            page === 'login'
              ? renderLogin(lang, messages, serverMessages)
              : renderHome(
                  lang,
                  { ...messages, ...read(`./src/features/home/locales/${lang}.json`) },
                  serverMessages,
                );
          const template = fs.readFileSync(new URL('./index.html', import.meta.url), 'utf8');
          const html = ownPage({
            template,
            lang,
            title: view.title,
            markup: view.markup,
            textsId: `${page}-texts`,
            texts: { ...view.texts, appFiles: [] },
            script: `/src/${page}/page.ts`,
          });
          res.setHeader('content-type', 'text/html');
          res.end(await server.transformIndexHtml(url.pathname, html));
        } catch (error) {
          next(error);
        }
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), keepStylesheets(), precompress(), devOwnPages(), offlineVerifier()],
  resolve: {
    // antd-mobile's @react-spring peers ask for React ≤ 18, so npm hoists a React 18 next to our 19:
    // every import of react must resolve to this app's React 19.
    dedupe: ['react', 'react-dom', 'i18next'],
  },
  // The dev server renders /login and /home (devOwnPages) with antd-mobile's icons: bundled, so
  // their `react` is this app's React 19 (dedupe above), not the React 18 hoisted for their peers.
  ssr: { noExternal: [/antd-mobile-icons/] },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    target: 'es2022',
    reportCompressedSize: false,
    // scripts/prerender.mjs reads which files the login page and the app's start need.
    manifest: true,
    rollupOptions: {
      // The pages of their own have their own entries: /login and /home load them, not the app
      // (src/login/page.ts, src/home/page.ts).
      input: { index: 'index.html', login: 'src/login/page.ts', home: 'src/home/page.ts' },
    },
  },
  test: {
    environment: 'happy-dom',
    // Three files at a time on two cores (vitest's default is the cores less one: one file at a
    // time here). A screen test waits on the app's timers (a failed read is retried after a second)
    // more than it computes: the merchant app's 45 files took 135 s on one worker, 92 on two, 72 on
    // three (docs/testing.md "How long CI takes").
    maxWorkers: 3,
    setupFiles: ['./src/test/single-react.ts', './src/test/setup.ts'],
    // The files of a worker share its modules: importing React, antd-mobile and the app again for
    // each file (and building its DOM) was two thirds of the suite's CPU (215 core-s against 67,
    // 111 s against 37, 2026-11-29). src/test/setup.ts puts back after each file what a file may
    // change; a file that mocks a module (vi.mock) runs in a worker of its own (`isolated` below).
    isolate: false,
    // A screen test takes 1–4 s alone and over 5 s (vitest's default limit) on a loaded machine: the
    // limit is a guard against a hung test, not a wait, so it is the console's generous one.
    testTimeout: 60_000,
    css: { modules: { classNameStrategy: 'non-scoped' } },
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...MOCKING],
        },
      },
      { extends: true, test: { name: 'isolated', include: MOCKING, isolate: true } },
    ],
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
