import type { Plugin } from 'vite';

/** A CSS module (`x.module.css`), not one read as a string or a URL (`?inline`, `?url`, `?raw`). */
const CSS_MODULE = /\.module\.css$/;

/**
 * Importing a stylesheet brings its rules, in the build as in the dev server.
 *
 * Vite marks a CSS module as free of side effects: when the importing code reads none of its class
 * names, the build drops the module and its rules with it, while the dev server injects them on
 * import. A page whose markup is rendered elsewhere (the login and Home pages: prerendered at build,
 * their scripts only work on it) imports the stylesheets its markup is drawn with and may read none
 * of them; /login lost its frame's styles that way (issue 20). With this plugin a CSS module is kept
 * whenever it is imported, as a plain stylesheet is.
 */
export function keepStylesheets(): Plugin {
  return {
    name: 'dropdesk:keep-stylesheets',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!CSS_MODULE.test(id)) return null;
      return { code, map: null, moduleSideEffects: 'no-treeshake' };
    },
  };
}
