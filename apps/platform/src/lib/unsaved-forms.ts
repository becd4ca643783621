import { useCallback, useEffect, useState } from 'react';

/** Reports what a form would lose if the page were left (null: nothing), under the form's name. */
export type ReportUnsaved = (form: string, unsaved: string | null) => void;

/**
 * The forms of a page that hold something typed and not saved, each with what leaving would lose:
 * the page's one leave guard (`useConfirmLeave` holds Back and Forward for one caller at a time)
 * asks while any of them does, in the words of all of them.
 */
export function useUnsavedForms(): [string | null, ReportUnsaved] {
  const [forms, setForms] = useState<ReadonlyMap<string, string>>(new Map());
  const report = useCallback<ReportUnsaved>((form, unsaved) => {
    setForms((current) => {
      if ((current.get(form) ?? null) === unsaved) return current;
      const next = new Map(current);
      if (unsaved === null) next.delete(form);
      else next.set(form, unsaved);
      return next;
    });
  }, []);
  return [forms.size > 0 ? [...forms.values()].join(' ') : null, report];
}

/** Tells the page what a form would lose (`unsaved`, null: nothing), and nothing once it is gone. */
export function useReportUnsaved(
  report: ReportUnsaved,
  form: string,
  unsaved: string | null,
): void {
  useEffect(() => report(form, unsaved), [report, form, unsaved]);
  useEffect(() => () => report(form, null), [report, form]);
}
