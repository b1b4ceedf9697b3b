/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../tools/vite-precompress';

/** The operator console: served by apps/server under /console/ (CONSOLE_DIST), like the merchant app at /. */
const api = process.env.DROPDESK_API ?? 'http://127.0.0.1:8080';
const proxy = Object.fromEntries(['/admin', '/uploads', '/media', '/merchant/common'].map((p) => [p, api]));

export default defineConfig({
  base: '/console/',
  plugins: [react(), precompress()],
  resolve: {
    // npm hoists a React 18 (antd-mobile's peers) to the root: every import of react is this app's 19.
    dedupe: ['react', 'react-dom', 'i18next'],
  },
  server: { proxy, port: 5174 },
  preview: { proxy },
  build: {
    outDir: 'dist',
    target: 'es2022',
    reportCompressedSize: false,
    manifest: true,
  },
  test: {
    // CI sets VITEST_JSON_DIR to collect a JSON report per run for its closing summary line.
    reporters: process.env.VITEST_JSON_DIR ? ['default', 'json'] : ['default'],
    ...(process.env.VITEST_JSON_DIR
      ? { outputFile: { json: `${process.env.VITEST_JSON_DIR}/console.json` } }
      : {}),
    environment: 'happy-dom',
    // Three files at a time on two cores (vitest's default is the cores less one: one file at a
    // time here). A screen test waits on the app's timers (a failed read is retried after a second)
    // more than it computes: the merchant app's 45 files took 135 s on one worker, 92 on two, 72 on
    // three (docs/testing.md "How long CI takes").
    maxWorkers: 3,
    setupFiles: ['./src/test/single-react.ts', './src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // The files of a worker share its modules: importing React, the UI kit and the app again for
    // each file was most of the suite's CPU (91 core-s against 66, 2026-11-29). src/test/setup.ts
    // puts back after each file what a file may change.
    isolate: false,
    testTimeout: 60_000,
    server: {
      deps: {
        inline: [/antd/, /@rc-component/, /@ant-design/, /react-router/, /react-i18next/, /@tanstack/],
      },
    },
  },
});
