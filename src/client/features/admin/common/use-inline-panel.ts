import { useCallback, useState } from 'react';

/** The inline child panels of spec §2 move between idle, creating and editing one record. */
export type PanelState<K> = { mode: 'idle' } | { mode: 'creating' } | { mode: 'editing'; key: K };

export interface InlinePanel<K> {
  state: PanelState<K>;
  startCreate(): void;
  startEdit(key: K): void;
  close(): void;
  isEditing(key: K): boolean;
}

export function useInlinePanel<K>(): InlinePanel<K> {
  const [state, setState] = useState<PanelState<K>>({ mode: 'idle' });
  const startCreate = useCallback(() => setState({ mode: 'creating' }), []);
  const startEdit = useCallback((key: K) => setState({ mode: 'editing', key }), []);
  const close = useCallback(() => setState({ mode: 'idle' }), []);
  return {
    state,
    startCreate,
    startEdit,
    close,
    isEditing: (key) => state.mode === 'editing' && state.key === key,
  };
}
