import { useSyncExternalStore } from 'react';
import {
  baseLocale,
  extractLocaleFromNavigator,
  overwriteGetLocale,
  overwriteSetLocale,
  setLocale,
  type Locale,
} from '../../shared/paraglide/runtime.js';

/*
 * The compiled runtime's strategy is whatever `npm run i18n` compiled it with, so the client
 * installs its own: the browser language decides first (baseLocale as fallback), and after login
 * the user's languageCode decides. Nothing is persisted: a fresh page starts from the browser
 * language again until the account info is loaded. setLocale never reloads the page; instead
 * subscribers (the root route) re-render.
 */
let current: Locale = extractLocaleFromNavigator() ?? baseLocale;
const listeners = new Set<() => void>();

function applyToDocument(): void {
  document.documentElement.lang = current;
}

overwriteGetLocale(() => current);
overwriteSetLocale((next) => {
  if (next === current) return;
  current = next;
  applyToDocument();
  for (const listener of listeners) listener();
});
applyToDocument();

/** DAN → Danish; ENU and anything else → English (spec §1). */
export function localeForLanguageCode(languageCode: string | null | undefined): Locale {
  return languageCode === 'DAN' ? 'da' : 'en';
}

export function applyUserLanguage(languageCode: string | null | undefined): void {
  void setLocale(localeForLanguageCode(languageCode), { reload: false });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active locale; components that use it re-render when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, () => current);
}
