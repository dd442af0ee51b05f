import type { CallInputOf, DataOf, Endpoint, Route } from '@chok/contract/endpoint';
import { useEffect, useId, useState } from 'react';
import { fieldErrors } from './api';
import { useAction, useApi } from './query';

type Mutation = { reset: () => void; error: Error | null };

/**
 * The state of a console editor form beside a list: the row being edited (null: a new one), the
 * form's values, the action that saves it (update when editing, create otherwise) and its field
 * errors. `pick` opens a row (or a blank form) and clears both actions' last outcome.
 */
export function useEditor<Row, V, C extends Mutation, U extends Mutation>(
  blank: V,
  valuesOf: (row: Row) => V,
  create: C,
  update: U,
) {
  const [editing, setEditing] = useState<Row | null>(null);
  const [values, setValues] = useState<V>(blank);
  const save: C | U = editing ? update : create;
  const pick = (row: Row | null) => {
    setEditing(row);
    setValues(row ? valuesOf(row) : blank);
    create.reset();
    update.reset();
  };
  return { editing, values, setValues, save, errors: fieldErrors(save.error), pick };
}

/**
 * An editor page over a list the server answers whole (quests, shop items, promotions): the list's
 * read, the create and update actions (each with its Thai toast, then the list refreshed), the
 * editor's state over them (useEditor) and the form's id. `send` saves the form: the open row's
 * update (the row then shown as saved) or a create (then a blank form).
 */
export function useListEditor<L extends Endpoint, C extends Endpoint, U extends Endpoint, V>(
  routes: { list: Route<L>; create: Route<C>; update: Route<U> },
  success: { create: string; update: string | ((data: DataOf<U>) => string) },
  blank: V,
  valuesOf: (row: ListRow<L>) => V,
) {
  const list = useApi(routes.list, {} as CallInputOf<L>);
  const create = useAction(routes.create, { success: success.create, refresh: [routes.list] });
  const update = useAction(routes.update, { success: success.update, refresh: [routes.list] });
  const editor = useEditor(blank, valuesOf, create, update);
  const send = (createBody: object, updateBody: object = createBody) => {
    const open = editor.editing as (ListRow<L> & { id: number }) | null;
    if (open) {
      update.mutate({ id: open.id, ...updateBody } as CallInputOf<U>, {
        onSuccess: (row) => editor.pick(row as ListRow<L>),
      });
    } else create.mutate(createBody as CallInputOf<C>, { onSuccess: () => editor.pick(null) });
  };
  return { list, create, update, id: useId(), send, ...editor };
}
type ListRow<L extends Endpoint> = DataOf<L> extends readonly (infer R)[] ? R : never;

/**
 * The values of a settings form, filled once from the server's answer: null until it arrives, then
 * the operator's edits (a later refresh of the read does not overwrite them).
 */
export function useLoadedValues<D, V>(data: D | undefined, valuesOf: (data: D) => V) {
  const [values, setValues] = useState<V | null>(null);
  useEffect(() => {
    if (data && values === null) setValues(valuesOf(data));
  }, [data, values, valuesOf]);
  return [values, setValues] as const;
}

/**
 * A settings page's form: the read of the current settings (no input), the action saving them (its
 * Thai toast, then the read refreshed), the form's values filled once from the read and its id.
 */
export function useSettingsForm<R extends Endpoint, S extends Endpoint, V>(
  read: Route<R>,
  update: Route<S>,
  success: string,
  valuesOf: (data: DataOf<R>) => V,
) {
  const settings = useApi(read, {} as CallInputOf<R>);
  const save = useAction(update, { success, refresh: [read] });
  const [values, setValues] = useLoadedValues(settings.data, valuesOf);
  return { settings, save, values, setValues, id: useId() };
}

/**
 * The server's field errors with the first one about a list's items (`choices.0.label`) also shown
 * at the list's own input (`choices`), the one input the form has for the whole list.
 */
export function withListError(errors: Record<string, string>, list: string): Record<string, string> {
  const item = Object.entries(errors).find(([k]) => k.startsWith(list));
  return item ? { ...errors, [list]: item[1] } : errors;
}

/** An input's text as the body sends it: a whole number as a number, anything else as typed (the server names the mistake). */
export const wholeOr = (text: string): number | string => (/^\d+$/.test(text.trim()) ? Number(text) : text);

/** An optional input's text: trimmed, or null when blank. */
export const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());
