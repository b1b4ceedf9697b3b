/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `x.br` and `x.gz` beside every text asset of the build; the server sends them to browsers
 * that accept them (@fastify/static `preCompressed`), so the app costs its compressed size on the
 * wire without compressing on each request. node:zlib does it: no plugin dependency needed.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const p = path.join(dir, name);
      return statSync(p).isDirectory() ? walk(p) : [p];
    });
  return {
    name: 'dropdesk:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      // The server-side build of the prerender (scripts/prerender.mjs) is not served.
      if (config.build.ssr) outDir = '';
    },
    closeBundle() {
      if (!outDir) return;
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const buf = readFileSync(file);
        if (buf.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(buf, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(buf, { level: 9 }));
      }
    },
  };
}

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
