/*
 * Issue 23 §4 (decision 0222): ordinary words are never broken inside ("NORMA L"). Cells and cards
 * wrap at spaces, hyphens and slashes only (`overflow-wrap: break-word`, which does not shrink a
 * column below its longest word), and only a token too long to be a word — a 20-character code, a
 * 36-letter Danish compound — is marked so that it may break inside its own box when it is longer
 * than the space it has.
 */
export const LONG_TOKEN = 15;
const LONG = new RegExp(`([^\\s/-]{${LONG_TOKEN},})`);

export function Words({ text }: { text: string | null | undefined }) {
  if (!text) return null;
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
