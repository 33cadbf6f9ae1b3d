import { useState, type InputHTMLAttributes } from 'react';

type DateInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'> & { value: string };

/**
 * What an empty <input type="date"> shows: its order follows the browser's language, not the app's
 * (Danish dd.mm.åååå, American mm/dd/yyyy, other English dd/mm/yyyy).
 */
function emptyLook(): string {
  const language = (typeof navigator === 'undefined' ? '' : navigator.language).toLowerCase();
  if (language.startsWith('da')) return 'dd.mm.åååå';
  if (language === 'en-us' || language === 'en') return 'mm/dd/yyyy';
  return 'dd/mm/yyyy';
}

/**
 * An <input type="date"> that is made one when the user reaches it (a finger or pointer down on
 * it, or focus), not when the page renders. Chromium builds a date field's locale data with ICU
 * when the element is made: 80–150 ms at 4× CPU slowdown, one long task on the phone's home page,
 * whose filter bar has two (issue 43 §1). Until then an empty field is a plain text box showing
 * the date field's empty look; a field with a value is a date field from the start. The switch
 * happens before the click or the typing lands, so the browser's own date picker opens as usual.
 */
export function DateInput({ value, onPointerDown, onFocus, placeholder, ...rest }: DateInputProps) {
  const [reached, setReached] = useState(false);
  if (reached || value !== '') return <input {...rest} type="date" value={value} onPointerDown={onPointerDown} onFocus={onFocus} placeholder={placeholder} />;
  return (
    <input
      {...rest}
      type="text"
      value=""
      placeholder={emptyLook()}
      onPointerDown={(e) => {
        setReached(true);
        onPointerDown?.(e);
      }}
      onFocus={(e) => {
        setReached(true);
        onFocus?.(e);
      }}
      readOnly
    />
  );
}
