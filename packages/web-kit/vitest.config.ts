import path from 'node:path';
import { defineConfig } from 'vitest/config';

const jsonDir = process.env.VITEST_JSON_DIR;

export default defineConfig({
  test: {
    // The framework-free parts are tested in a DOM (localStorage, document.cookie), none of React.
    environment: 'happy-dom',
    include: ['src/**/*.test.ts'],
    reporters: jsonDir ? ['default', 'json'] : ['default'],
    ...(jsonDir ? { outputFile: { json: path.join(jsonDir, 'web-kit.json') } } : {}),
  },
});
