import { useState } from 'react';
import { fieldErrors } from './api';

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
