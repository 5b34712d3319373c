/**
 * Lingui's macros (`t`, `plural`, `msg` from @lingui/core/macro) turned into calls of the runtime, in the build and in
 * Vitest. @vitejs/plugin-react 6 runs no Babel and Lingui 6's native transform needs Node 22, so this runs Lingui's
 * own Babel plugin, on the files that import a macro only. In a production build the messages' English text is
 * left out of the code: it comes from the compiled English catalog (src/lib/i18n.ts).
 */
import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

const MACRO_IMPORT = /from\s*['"]@lingui\/(core|react)\/macro['"]/;

export function linguiMacro(): Plugin {
  let production = false;
  return {
    name: 'lingui-macro',
    enforce: 'pre',
    configResolved(config) {
      production = config.isProduction;
    },
    transform: {
      filter: { id: /\.[cm]?[jt]sx?(\?.*)?$/, code: MACRO_IMPORT },
      async handler(code, id) {
        const filename = id.replace(/\?.*$/, '');
        const result = await transformAsync(code, {
          filename,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { plugins: filename.endsWith('x') ? ['typescript', 'jsx'] : ['typescript'] },
          plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: production }]],
        });
        if (!result?.code) throw new Error(`lingui-macro: Babel gave nothing for ${id}`);
        return { code: result.code, map: result.map };
      },
    },
  };
}
