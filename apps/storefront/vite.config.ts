/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../tools/vite-precompress';

// `vite` (dev) talks to a running server (npm run dev at the root) for /store and /uploads.
const api = process.env.DROPDESK_API ?? 'http://127.0.0.1:8080';
const proxy = Object.fromEntries(['/store', '/merchant', '/uploads', '/media'].map((p) => [p, api]));

export default defineConfig({
  // Served by the server under /s/ (apps/server/src/app.ts): asset URLs carry the prefix.
  base: '/s/',
  plugins: [react(), precompress()],
  resolve: {
    // npm hoists a React 18 to the root (antd-mobile's peers): every import must get this app's 19.
    dedupe: ['react', 'react-dom', 'i18next'],
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    target: 'es2022',
    reportCompressedSize: false,
    // scripts/size.mjs reads which files a shop page loads.
    manifest: true,
  },
  test: {
    environment: 'happy-dom',
    // Three files at a time on two cores (vitest's default is the cores less one: one file at a
    // time here). A screen test waits on the app's timers (a failed read is retried after a second)
    // more than it computes: the merchant app's 45 files took 135 s on one worker, 92 on two, 72 on
    // three (docs/testing.md "How long CI takes").
    maxWorkers: 3,
    setupFiles: ['./src/test/single-react.ts', './src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // The files of a worker share its modules: importing React, the UI kit and the app again for
    // each file was most of the suite's CPU (39 core-s against 18, 2026-11-29). src/test/setup.ts
    // puts back after each file what a file may change.
    isolate: false,
    // A screen test takes 1–4 s alone and over 5 s (vitest's default limit) on a loaded machine: the
    // limit is a guard against a hung test, not a wait, so it is the console's generous one.
    testTimeout: 60_000,
    server: { deps: { inline: [/wouter/, /react-i18next/] } },
  },
});
