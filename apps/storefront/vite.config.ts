/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `x.br` and `x.gz` beside every text asset of the build; the server sends them to browsers
 * that accept them (@fastify/static `preCompressed`). A copy of apps/web/vite.config.ts's plugin
 * (without its prerender case): two small copies beat a shared build module that both apps'
 * tsconfigs and Vite configs would have to reach outside their folders for.
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
    },
    closeBundle() {
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

// `vite` (dev) talks to a running server (npm run dev at the root) for /store and /uploads.
const api = process.env.DROPDESK_API ?? 'http://127.0.0.1:8080';
const proxy = Object.fromEntries(['/store', '/merchant', '/uploads', '/media'].map((p) => [p, api]));

export default defineConfig({
  // Served by the server under /s/ (apps/server/src/app.ts): asset URLs carry the prefix.
  base: '/s/',
  plugins: [react(), precompress()],
  resolve: {
    // npm hoists a React 18 to the root (antd-mobile's peers): every import must get this app's 19.
    dedupe: ['react', 'react-dom'],
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
    setupFiles: ['./src/test/single-react.ts', './src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    server: { deps: { inline: [/wouter/, /react-i18next/] } },
  },
});
