/**
 * Lingui's macros (`t`, `plural`, `select`, `msg` from @lingui/core/macro) turned into calls of the runtime, in the
 * build, the worker's build and Vitest. @vitejs/plugin-react 6 runs no Babel and Lingui 6's native transform needs
 * Node 22, so this runs Lingui's own Babel plugin, on the files that import a macro only.
 *
 * Each message keeps its English text, compiled here as the catalogs are (no message is parsed in the browser), so
 * English is wherever the code that says it is: in the first bundle for the first screen, in a lazily loaded page's
 * chunk for that page, never a request of its own. German and Japanese come from their catalogs by the message's id.
 */
import { transformAsync, types as t, type PluginObj } from '@babel/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const MACRO_IMPORT = /from\s*['"]@lingui\/(core|react)\/macro['"]/;

/** `{ id: "…", message: "Hello {name}" }` → `{ id: "…", message: ["Hello ", ["name"]] }`: Lingui's compiled form. */
function compiledMessages(): PluginObj {
  return {
    name: 'lingui-compiled-messages',
    visitor: {
      ObjectExpression(path) {
        const property = (name: string) =>
          path.node.properties.find(
            (entry): entry is typeof entry & { type: 'ObjectProperty' } =>
              entry.type === 'ObjectProperty' && entry.key.type === 'Identifier' && entry.key.name === name,
          );
        const id = property('id');
        const message = property('message');
        if (id?.value.type !== 'StringLiteral' || message?.value.type !== 'StringLiteral') return;
        message.value = t.valueToNode(compileMessageOrThrow(message.value.value));
      },
    },
  };
}

export function linguiMacro(): Plugin {
  return {
    name: 'lingui-macro',
    enforce: 'pre',
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
          plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }], compiledMessages],
        });
        if (!result?.code) throw new Error(`lingui-macro: Babel gave nothing for ${id}`);
        return { code: result.code, map: result.map };
      },
    },
  };
}
