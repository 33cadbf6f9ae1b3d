import type { ComponentProps } from 'react';
import { lazyPart } from '../../lib/lazy';
import type { CopyDialog as CopyDialogType } from './copy-dialog';
import type { RecordPopups as RecordPopupsType } from './record-popups';
import type { ReturnDialog as ReturnDialogType } from './return-dialog';

// The recorded-time, history and photos popups open only on a click: their chunk comes then, or
// when the pointer is over (or focus on) one of a row's icons (decision 0185).
export const Popups = lazyPart<ComponentProps<typeof RecordPopupsType>>(() => import('./record-popups').then((mod) => mod.RecordPopups));
export const preloadPopups = { onPointerEnter: Popups.preload, onFocus: Popups.preload };
// "Copy to…" (issue 22 §5): its dialog comes on first use, or on intent over a copy button.
export const Copy = lazyPart<ComponentProps<typeof CopyDialogType>>(() => import('./copy-dialog').then((mod) => mod.CopyDialog));
export const preloadCopy = { onPointerEnter: Copy.preload, onFocus: Copy.preload };
// "Send back" (issue 40 §1): its dialog comes on first use, or on intent over the button.
export const Return = lazyPart<ComponentProps<typeof ReturnDialogType>>(() => import('./return-dialog').then((mod) => mod.ReturnDialog));
export const preloadReturn = { onPointerEnter: Return.preload, onFocus: Return.preload };
