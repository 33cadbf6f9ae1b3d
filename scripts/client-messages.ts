import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { loadCatalogue } from '../src/server/http/locales.ts';
import { checkMessage, type RawMessage } from '../src/shared/message-format.ts';

/**
 * The client's messages (decision 0171): paraglide compiles every message with all locales
 * inlined, so the bundle carried the Danish of every message it used. For the client build each
 * paraglide message module (src/shared/paraglide/messages/<key>.js) is replaced by a call of
 * `translate` in src/client/lib/i18n.ts with its English pattern as data; the other locales'
 * catalogues are fetched from /locales/{lang}.json (served from messages/ by the server). The
 * module keeps its path and export, so imports, types (from paraglide's output), tree-shaking
 * and the `messages` chunk group stay as they were. The server and the tests use paraglide's
 * own output. A message the interpreter can't format fails the build.
 */
const MESSAGE_MODULE = /[\\/]src[\\/]shared[\\/]paraglide[\\/]messages[\\/]([A-Za-z_$][\w$]*)\.js$/;

export function clientMessages(root: string): Plugin {
  const messagesDir = resolve(root, 'messages');
  const i18n = JSON.stringify(resolve(root, 'src/client/lib/i18n.ts'));
  let en: Record<string, RawMessage> | null = null;
  const english = (): Record<string, RawMessage> => {
    if (en) return en;
    const catalogue = loadCatalogue(messagesDir, 'en');
    const da = loadCatalogue(messagesDir, 'da');
    for (const [key, raw] of [...Object.entries(catalogue), ...Object.entries(da)]) {
      try {
        checkMessage(raw);
      } catch (e) {
        throw new Error(`messages: ${key} can't be formatted on the client: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    return (en = catalogue);
  };
  return {
    name: 'webtid-client-messages',
    enforce: 'pre',
    buildStart() {
      en = null;
    },
    watchChange(id) {
      if (id.startsWith(messagesDir)) en = null;
    },
    load(id) {
      const key = MESSAGE_MODULE.exec(id)?.[1];
      if (!key || key === '_index') return null;
      const raw = english()[key];
      if (raw === undefined) this.error(`messages: no English message "${key}" for ${id}`);
      return `import { translate } from ${i18n};\nexport const ${key} = (i, o) => translate(${JSON.stringify(key)}, ${JSON.stringify(raw)}, i, o);\n`;
    },
  };
}
