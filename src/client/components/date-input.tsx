import { useLayoutEffect, useRef, useState, type InputHTMLAttributes } from 'react';

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
  const ref = useRef<HTMLInputElement>(null);
  const refocus = useRef(false);
  // Reached with the keyboard, the field had the focus when its type changed, which the browser
  // does not carry over to the date field's parts: it is given again, to the date field itself.
  useLayoutEffect(() => {
    if (!reached || !refocus.current) return;
    refocus.current = false;
    const input = ref.current;
    if (!input) return;
    input.focus();
    // Chromium may still move it on when it next styles the field; within that frame it comes back.
    requestAnimationFrame(() => {
      if (document.activeElement !== input) input.focus();
    });
  }, [reached]);
  if (reached || value !== '') return <input {...rest} ref={ref} type="date" value={value} onPointerDown={onPointerDown} onFocus={onFocus} placeholder={placeholder} />;
  return (
    <input
      {...rest}
      ref={ref}
      type="text"
      value=""
      placeholder={emptyLook()}
      onPointerDown={(e) => {
        setReached(true);
        onPointerDown?.(e);
      }}
      onFocus={(e) => {
        refocus.current = true;
        setReached(true);
        onFocus?.(e);
      }}
      readOnly
    />
  );
}
