import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { z } from 'zod';
import { m } from '../../../../shared/paraglide/messages.js';
import { Button } from '../../../components/button';
import { Checkbox, TextField } from '../../../components/field';
import { toast } from '../../../lib/toast';
import { ActiveBadge } from './active-badge';
import { errorMessage } from '../../../lib/errors';
import { AdminSection, ReadOnlyField } from './form-parts';
import { useInlinePanel } from './use-inline-panel';
import { deleteRecord } from './use-record-actions';
import { submitHandler, useZodForm } from '../../../lib/use-zod-form';
import './admin-common.css';

export interface ChildRecord {
  code: string;
  description: string;
  active: boolean;
  /** sent back with an update, so a save over someone else's answers 409 */
  version: number;
}

type CreateSchema = z.ZodObject<{ code: z.ZodType<string, unknown>; description: z.ZodType<string, unknown> }>;
type UpdateSchema = z.ZodObject<{ description: z.ZodType<string, unknown>; active: z.ZodType<boolean | undefined, unknown> }>;

export interface ChildPanelText {
  title: string;
  /** "Add unit" */
  add: string;
  /** "No units yet" */
  empty: string;
  codeLabel: string;
  descriptionLabel: string;
  /** "unit BOX" for the delete question */
  describe: (code: string) => string;
  created: string;
  createFailed: string;
  updated: string;
  deleted: string;
}

export interface ChildPanelProps {
  text: ChildPanelText;
  rows: readonly ChildRecord[] | undefined;
  loading: boolean;
  createSchema: CreateSchema;
  updateSchema: UpdateSchema;
  onCreate(values: { code: string; description: string }): Promise<unknown>;
  onUpdate(code: string, values: { description: string; active?: boolean | undefined; version: number }): Promise<unknown>;
  onDelete(code: string): Promise<unknown>;
  /** For tests: data-testid of the section. */
  testId?: string;
}

/**
 * The inline child list of an edit page (units of an item/resource, tasks of a job; spec §2): a
 * list, an add form, an edit form with cancel and a delete link, moving between idle, creating and
 * editing. One form is open at a time.
 */
export function ChildPanel({ text, rows, loading, createSchema, updateSchema, onCreate, onUpdate, onDelete, testId }: ChildPanelProps) {
  const panel = useInlinePanel<string>();
  const titleId = useId();
  const addWrap = useRef<HTMLSpanElement>(null);
  const state = panel.state;

  const closeAndFocus = () => {
    panel.close();
    requestAnimationFrame(() => addWrap.current?.querySelector('button')?.focus());
  };

  const remove = (code: string) =>
    deleteRecord({
      what: text.describe(code),
      remove: () => onDelete(code),
      success: () => text.deleted,
      then: () => {
        if (panel.isEditing(code)) panel.close();
      },
    });

  return (
    <div data-testid={testId}>
      <AdminSection
        title={text.title}
        labelledBy={titleId}
        actions={
          <span ref={addWrap}>
            {state.mode !== 'creating' && (
              // While a row is being edited, Add would replace that form and drop the typed change
              // without a word, so it waits until the edit is saved or cancelled.
              <Button
                variant="secondary"
                onClick={panel.startCreate}
                disabled={state.mode === 'editing'}
                title={state.mode === 'editing' ? m.admin_child_finish_edit_first() : undefined}
              >
                {text.add}
              </Button>
            )}
          </span>
        }
      >
        {state.mode === 'creating' && <CreateForm schema={createSchema} text={text} onCreate={onCreate} onDone={closeAndFocus} />}
        {loading ? (
          <p className="muted">{m.admin_loading()}</p>
        ) : !rows || rows.length === 0 ? (
          state.mode !== 'creating' && <p className="child-empty">{text.empty}</p>
        ) : (
          <ul className="child-list" aria-labelledby={titleId}>
            {rows.map((row) =>
              panel.isEditing(row.code) ? (
                <li key={row.code} className="is-editing" data-row-key={row.code}>
                  <EditForm row={row} schema={updateSchema} text={text} onUpdate={onUpdate} onDone={closeAndFocus} />
                </li>
              ) : (
                <li key={row.code} data-row-key={row.code}>
                  <div className="child-list__main">
                    <span className="child-list__code">{row.code}</span>
                    <span>{row.description}</span>
                  </div>
                  <ActiveBadge active={row.active} />
                  <div className="child-list__actions">
                    <Button
                      variant="ghost"
                      onClick={() => panel.startEdit(row.code)}
                      aria-label={m.admin_edit_named({ what: text.describe(row.code) })}
                      disabled={state.mode !== 'idle'}
                      title={state.mode !== 'idle' ? m.admin_child_finish_edit_first() : undefined}
                    >
                      {m.admin_edit()}
                    </Button>
                    <Button variant="ghost" onClick={() => void remove(row.code)} aria-label={m.admin_delete_named({ what: text.describe(row.code) })}>
                      {m.admin_delete()}
                    </Button>
                  </div>
                </li>
              ),
            )}
          </ul>
        )}
      </AdminSection>
    </div>
  );
}

/** Esc in an inline form is Cancel (not while it saves), as in the app's dialogs. */
function escapeCloses(busy: boolean, onDone: () => void) {
  return (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape' || busy || event.defaultPrevented) return;
    event.preventDefault();
    onDone();
  };
}

function CreateForm({ schema, text, onCreate, onDone }: { schema: CreateSchema; text: ChildPanelText; onCreate: ChildPanelProps['onCreate']; onDone(): void }) {
  const form = useZodForm(schema, { code: '', description: '' });
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string>();
  return (
    <form
      className="inline-form"
      noValidate
      aria-label={text.add}
      onKeyDown={escapeCloses(busy, onDone)}
      onSubmit={submitHandler(async (element) => {
        const values = form.validate(element);
        if (!values) return;
        setBusy(true);
        setFormError(undefined);
        try {
          await onCreate(values as { code: string; description: string });
          toast.success(text.created);
          onDone();
        } catch (error) {
          // An error of a field (a duplicate code) shows on that field, not as a banner.
          if (!form.setServerErrors(error)) setFormError(errorMessage(error));
          toast.error(text.createFailed);
          setBusy(false);
        }
      })}
    >
      <p className="inline-form__title">{text.add}</p>
      <div className="inline-form__row">
        <TextField label={text.codeLabel} autoComplete="off" spellCheck={false} autoFocus required {...form.text('code')} />
        <TextField label={text.descriptionLabel} autoComplete="off" required {...form.text('description')} />
      </div>
      {formError && <p className="form-error">{formError}</p>}
      <div className="admin-form-actions">
        <Button type="submit" variant="primary" loading={busy}>
          {m.admin_create()}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          {m.admin_cancel()}
        </Button>
      </div>
    </form>
  );
}

function EditForm({
  row,
  schema,
  text,
  onUpdate,
  onDone,
}: {
  row: ChildRecord;
  schema: UpdateSchema;
  text: ChildPanelText;
  onUpdate: ChildPanelProps['onUpdate'];
  onDone(): void;
}) {
  const form = useZodForm(schema, { description: row.description, active: row.active });
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="inline-form"
      style={{ flex: 1, marginBottom: 0 }}
      noValidate
      aria-label={m.admin_edit_named({ what: text.describe(row.code) })}
      onKeyDown={escapeCloses(busy, onDone)}
      onSubmit={submitHandler(async (element) => {
        const values = form.validate(element);
        if (!values) return;
        setBusy(true);
        try {
          await onUpdate(row.code, { ...(values as { description: string; active?: boolean }), version: row.version });
          toast.success(text.updated);
          onDone();
        } catch (error) {
          form.setServerErrors(error);
          toast.error(errorMessage(error));
          setBusy(false);
        }
      })}
    >
      <div className="inline-form__row">
        <ReadOnlyField label={text.codeLabel} value={row.code} />
        <TextField label={text.descriptionLabel} autoComplete="off" autoFocus required {...form.text('description')} />
      </div>
      <Checkbox label={m.admin_field_active()} {...form.checkbox('active')} />
      <div className="admin-form-actions">
        <Button type="submit" variant="primary" loading={busy}>
          {m.admin_save()}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          {m.admin_cancel()}
        </Button>
      </div>
    </form>
  );
}
