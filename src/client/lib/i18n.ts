import { useSyncExternalStore } from 'react';
import { formatMessage, type MessageInputs, type RawMessage } from '../../shared/message-format';
import { baseLocale, extractLocaleFromNavigator, overwriteGetLocale, overwriteSetLocale, type Locale } from '../../shared/paraglide/runtime.js';

/*
 * The compiled runtime's strategy is whatever `npm run i18n` compiled it with, so the client
 * installs its own: the browser language decides first (baseLocale as fallback), and after login
 * the user's languageCode decides. Nothing is persisted: a fresh page starts from the browser
 * language again until the account info is loaded. A switch never reloads the page; instead
 * subscribers (the root route) re-render.
 *
 * English travels in the bundle; every other locale's catalogue is fetched from
 * ./locales/{lang}.json (spec §1, decision 0171) before the switch shows it. The client build
 * turns each paraglide message into a call of `translate` (scripts/client-messages.ts).
 */
let current: Locale = baseLocale;
let wanted: Locale = baseLocale;
const catalogues = new Map<Locale, Record<string, RawMessage>>();
const loads = new Map<Locale, Promise<void>>();
const listeners = new Set<() => void>();

function catalogueUrl(locale: Locale): string {
  return `${import.meta.env.BASE_URL}locales/${locale}.json`;
}

/** Fetches a locale's catalogue once; a failure (offline, server down) leaves English in place. */
function loadCatalogue(locale: Locale): Promise<void> {
  if (locale === baseLocale || catalogues.has(locale)) return Promise.resolve();
  let load = loads.get(locale);
  if (!load) {
    load = fetch(catalogueUrl(locale), { credentials: 'same-origin' })
      .then(async (res) => {
        if (!res.ok) throw new Error(`${catalogueUrl(locale)}: HTTP ${res.status}`);
        catalogues.set(locale, (await res.json()) as Record<string, RawMessage>);
      })
      .catch((error: unknown) => {
        console.warn('Messages not loaded; English is shown instead', error);
      })
      .finally(() => loads.delete(locale));
    loads.set(locale, load);
  }
  return load;
}

function apply(next: Locale): void {
  if (next === current) return;
  current = next;
  document.documentElement.lang = current;
  for (const listener of listeners) listener();
}

/** Switches once the locale's messages are there, so a page never mixes two languages. */
export async function switchLocale(next: Locale): Promise<void> {
  wanted = next;
  await loadCatalogue(next);
  if (wanted === next) apply(next);
}

overwriteGetLocale(() => current);
overwriteSetLocale((next) => void switchLocale(next));
document.documentElement.lang = current;

/** Resolves when the browser language's messages are loaded: main.tsx renders after it. */
export const initialLocaleReady: Promise<void> = switchLocale(extractLocaleFromNavigator() ?? baseLocale);

/**
 * The text of message `id` (English pattern `en`) in the active locale, or in `options.locale`;
 * English when the locale's catalogue lacks it or could not be loaded.
 */
export function translate(id: string, en: RawMessage, inputs?: MessageInputs, options?: { locale?: Locale }): string {
  const locale = options?.locale ?? current;
  const own = locale === baseLocale ? undefined : catalogues.get(locale)?.[id];
  return own === undefined ? formatMessage(en, inputs, baseLocale) : formatMessage(own, inputs, locale);
}

/** DAN → Danish; ENU and anything else → English (spec §1). */
export function localeForLanguageCode(languageCode: string | null | undefined): Locale {
  return languageCode === 'DAN' ? 'da' : 'en';
}

/** Resolves once the user's language is shown (its messages loaded first). */
export function applyUserLanguage(languageCode: string | null | undefined): Promise<void> {
  return switchLocale(localeForLanguageCode(languageCode));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active locale; components that use it re-render when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, () => current);
}
