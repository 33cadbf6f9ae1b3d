/*
 * Issue 23 §4 (decision 0222): ordinary words are never broken inside ("NORMA L"). Cells and cards
 * wrap at spaces, hyphens and slashes only (`overflow-wrap: break-word`, which does not shrink a
 * column below its longest word), and only a token too long to be a word — a code or user name of 11+
 * characters, a 21+ letter run of text such as a 36-letter Danish compound — is marked so that it may break inside its own box when it is longer
 * than the space it has.
 */
export const LONG_TOKEN = 21;
const LONG = new RegExp(`([^\\s/-]{${LONG_TOKEN},})`);
/** Codes and user names are tokens, not words: one longer than this may break inside its box. */
export const LONG_CODE = 11;

export function Words({ text, token = false }: { text: string | null | undefined; token?: boolean }) {
  if (!text) return null;
  if (token) return text.length >= LONG_CODE ? <span className="ws-long">{text}</span> : <>{text}</>;
  if (!LONG.test(text)) return <>{text}</>;
  return (
    <>
      {text.split(LONG).map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} className="ws-long">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
